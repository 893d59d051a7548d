import type { Profile } from '@nq/contracts/identity/profile';
import type { StoredSession } from '@nq/contracts/identity/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { sessionStore } from './session-store.ts';

export type { Profile };

/** The profile the session works under (GET /profile): its layers drive the sidebar and the guards. */
export const profileQuery = () => {
  const session = sessionStore.get();
  return queryOptions({
    queryKey: ['profile', session?.data.key ?? '', session?.profile.id ?? ''],
    queryFn: ({ signal }) => api.get<Profile>('/profile', { signal }),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
};

export const useProfile = () => useQuery(profileQuery()).data;

/** The time zone a profile sees times in when it names none (docs/product/limits.md#defaults). */
export const defaultTimeZone = 'Etc/UTC';

/** The time zone of the profile the user works under: every date and time on screen is written in it. */
export const useTimeZone = () => useProfile()?.timeZone ?? defaultTimeZone;

export interface ProfileSummary {
  id: string;
  name: string;
  rol: string;
  service: string;
}
export const activeProfilesQuery = () =>
  queryOptions({
    queryKey: ['profiles', 'active', sessionStore.get()?.data.key ?? ''],
    queryFn: ({ signal }) => api.get<{ current: string; list: ProfileSummary[] }>('/profiles/active', { signal }),
  });

export const switchProfile = (idProfile: string) => api.put<StoredSession>('/user/profile/change', { idProfile });
