import { basePathOf } from '@nq/contracts/configuration/kinds';
import type { userProfileActions } from '@nq/contracts/identity/user';
import { api } from '../../../shared/api/api-client.ts';
import { type Entity, remember } from '../../../shared/api/entities.ts';

export type UserProfileAction = (typeof userProfileActions)[number];
export interface ProfileEntry extends Entity {
  name: string;
  rol?: string;
  service?: string;
}

const userPath = (id: string) => `${basePathOf('user')}/${encodeURIComponent(id)}`;

/**
 * Users (docs/product/api.md#users), beyond the entity paths: a user's profiles, assigning them, and password resets.
 * The profile reads come from the user's own stream, so they show a change at once.
 */
export const usersApi = {
  profiles: (id: string, signal?: AbortSignal) =>
    api.get<{ list: ProfileEntry[]; count: number }>(`${userPath(id)}/profiles`, { signal }),
  assignableProfiles: (id: string, signal?: AbortSignal) =>
    api.get<{ list: ProfileEntry[]; count: number }>(`${userPath(id)}/asignable-profiles`, { signal }),
  changeProfiles: async (id: string, action: UserProfileAction, profileIds: string[]) => {
    const answer = await api.put<{ id: string; position?: string }>(`${userPath(id)}/profiles/${action}`, {
      profileIds,
    });
    remember(answer.position);
    return answer;
  },
  resetPassword: (id: string) => api.put<{ done: true }>(`${userPath(id)}/reset-password`),
};
