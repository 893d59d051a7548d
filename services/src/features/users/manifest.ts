import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { identityOf } from '../identity/index.ts';
import { assignableProfiles } from './assignable-profiles.ts';
import { userConfiguration } from './user.entity.ts';
import { userProfileRoutes } from './user-profiles.routes.ts';

/** Users: who signs in, and the profiles each may work under. */
export const usersManifest: FeatureManifest = {
  name: 'users',
  entities: [userConfiguration],
  async routes(api, platform) {
    const { entities } = platform;
    await api.register(userProfileRoutes, {
      prefix: '/users',
      assignable: assignableProfiles(entities.service('profile'), entities.service('user')),
      identity: (await identityOf(platform)).service,
      users: entities.service('user'),
      readStore: platform.readStore,
      visibility: entities.entity('user').visibility,
    });
  },
  /** A new user gets an invitation to choose a password; a deleted user's sessions, tokens and API clients end. */
  async entityLifecycles(platform) {
    return { user: (await identityOf(platform)).userLifecycle };
  },
};
