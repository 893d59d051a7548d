import { DomainError } from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';
import type { EntityService } from '@nq/platform/entities/entity-service';

/**
 * Which profiles an administrator may give a user (docs/product/roles.md#users-and-assignable-profiles, assignable
 * profiles): isGod any existing profile; another administrator the profiles its own user has and those its profile
 * created — never one above its own reach. Read from the profiles' streams, so a profile created a moment ago counts.
 */
export function assignableProfiles(profiles: EntityService, users: EntityService) {
  /** The profiles the viewer may not assign; one that no longer exists may be taken away (`goneAllowed`), not given. */
  async function refused(viewer: Viewer, profileIds: readonly string[], goneAllowed = false): Promise<string[]> {
    const states = await Promise.all(profileIds.map(async (id) => (await profiles.load(id)).state));
    return profileIds.filter((id, index) => {
      const state = states[index]!;
      if (state.status !== 'active') return !goneAllowed;
      if (viewer.profile.isGod) return false;
      return !viewer.userProfiles.includes(id) && state.owner !== viewer.profileId;
    });
  }
  /** Refuses (403) giving or taking away a profile the caller may not assign. */
  async function admitChange(viewer: Viewer, change: { give?: readonly string[]; takeAway?: readonly string[] }) {
    const outside = [
      ...(await refused(viewer, change.give ?? [])),
      ...(await refused(viewer, change.takeAway ?? [], true)),
    ];
    if (outside.length > 0)
      throw new DomainError('auth.forbidden', { details: { field: 'profiles', profileIds: outside } });
  }
  return {
    refused,
    /**
     * Refuses (403) a command setting a user's profiles (`userId`: a user that exists, whose list is replaced) when it
     * gives or takes away one the caller may not assign. Resending the whole list keeps a profile the user has.
     */
    async admit(viewer: Viewer, profileIds: readonly string[] | undefined, userId?: string) {
      if (!profileIds) return;
      const before = userId ? (((await users.load(userId)).state.fields.profiles as string[] | undefined) ?? []) : [];
      await admitChange(viewer, {
        give: [...new Set(profileIds)].filter((id) => !before.includes(id)),
        takeAway: before.filter((id) => !profileIds.includes(id)),
      });
    },
    admitChange,
  };
}

export type AssignableProfiles = ReturnType<typeof assignableProfiles>;
