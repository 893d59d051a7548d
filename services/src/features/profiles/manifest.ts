import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { identityOf } from '../identity/index.ts';
import { currentProfileRoutes } from './current-profile.routes.ts';
import { profileConfiguration } from './profile.entity.ts';

/** Profiles: what a user works under (layers, data scope, KPI fringes), and the caller's own. */
export const profilesManifest: FeatureManifest = {
  name: 'profiles',
  entities: [profileConfiguration],
  async routes(api, platform) {
    await api.register(currentProfileRoutes, {
      identity: (await identityOf(platform)).service,
      profiles: platform.entities.service('profile'),
      readStore: platform.readStore,
    });
  },
};
