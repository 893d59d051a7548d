import { DomainError } from '@nq/contracts';
import type { EntityService } from '../../platform/entities/entity-service.ts';
import type { Viewer } from '../identity/viewer.ts';

/**
 * Which profiles an administrator may give a user (spec §6 assignable profiles): isGod any existing profile; another
 * administrator the profiles its own user has and those its profile created — never one above its own reach. Read
 * from the profiles' streams, so a profile created a moment ago counts.
 */
export function assignableProfiles(profiles: EntityService) {
  async function refused(viewer: Viewer, profileIds: readonly string[]): Promise<string[]> {
    const states = await Promise.all(profileIds.map(async (id) => (await profiles.load(id)).state));
    return profileIds.filter((id, index) => {
      const state = states[index]!;
      if (state.status !== 'active') return true;
      if (viewer.profile.isGod) return false;
      return !viewer.userProfiles.includes(id) && state.owner !== viewer.profileId;
    });
  }
  return {
    refused,
    /** Refuses (403) a command giving a user profiles the caller may not assign. */
    async admit(viewer: Viewer, profileIds: readonly string[] | undefined) {
      const outside = await refused(viewer, [...new Set(profileIds ?? [])]);
      if (outside.length > 0)
        throw new DomainError('auth.forbidden', { details: { field: 'profiles', profileIds: outside } });
    },
  };
}

export type AssignableProfiles = ReturnType<typeof assignableProfiles>;
