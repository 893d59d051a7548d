import { reachesLayer } from '@nq/contracts/identity/layers';
import { redirect } from 'react-router';
import { profileQuery } from '../shared/api/profile.ts';
import { queryClient } from '../shared/api/query-client.ts';
import { sessionStore } from '../shared/api/session-store.ts';
import type { ScreenRoute } from './screen-route.ts';

/**
 * Where a guard sends a user it turns away: the login page. A refused screen travels as `denied` (its layer id), so
 * that the login page says which screen the profile cannot open.
 */
const toLogin = (deniedLayer?: string) =>
  redirect(deniedLayer ? `/login?denied=${encodeURIComponent(deniedLayer)}` : '/login');

/** Spec §2: any route but login needs a stored session, and the profile it works under. */
export async function requireSession() {
  if (!sessionStore.get()) throw toLogin();
  try {
    return await queryClient.ensureQueryData(profileQuery());
  } catch {
    throw toLogin();
  }
}

/**
 * Spec §2: the page's layer (or its parent's) must be among the profile's layers; profile-guarded pages reload the
 * profile first and go to /login if that fails.
 */
export function screenGuard(route: ScreenRoute) {
  return async () => {
    if (!sessionStore.get()) throw toLogin();
    let profile: Awaited<ReturnType<typeof requireSession>>;
    try {
      profile = route.profileGuard
        ? await queryClient.fetchQuery({ ...profileQuery(), staleTime: 0 })
        : await queryClient.ensureQueryData(profileQuery());
    } catch {
      throw toLogin();
    }
    if (route.layer && !reachesLayer(profile.layers, route.layer)) throw toLogin(route.layer);
    return null;
  };
}
