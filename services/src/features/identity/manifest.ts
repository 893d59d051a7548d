import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { accountRoutes } from './account.routes.ts';
import { identitySchema } from './identity-store.ts';
import { identityOf } from './open-identity.ts';
import { tokenRoutes } from './token.routes.ts';

/** Identity: signing in, passwords, sessions, tokens and API clients. */
export const identityManifest: FeatureManifest = {
  name: 'identity',
  schema: [identitySchema],
  async routes(api, platform) {
    const { service } = await identityOf(platform);
    await api.register(accountRoutes, {
      identity: service,
      ephemeral: platform.ephemeral,
      ratePerMinute: platform.config.identity.login.ratePerMinute,
    });
    await api.register(tokenRoutes, { identity: service });
  },
};
