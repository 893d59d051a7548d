import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { identityOf } from '../identity/index.ts';
import { gatewayRoutes } from './gateway.routes.ts';
import { probeCredentialRoutes } from './probe-credentials.routes.ts';

/** The probe gateway: what probes call (configuration, results, status), and the credentials they sign with. */
export const gatewayManifest: FeatureManifest = {
  name: 'gateway',
  async routes(api, platform) {
    const { entities } = platform;
    await api.register(probeCredentialRoutes, {
      prefix: '/probes',
      identity: (await identityOf(platform)).service,
      probes: entities.service('probe'),
      visibility: entities.entity('probe').visibility,
    });
    await api.register(gatewayRoutes, {
      prefix: '/gateway/v1',
      probes: entities.service('probe'),
      taskSuites: entities.service('task-suite'),
      log: platform.log,
      topics: platform.topics,
      secrets: platform.secrets,
      identity: (await identityOf(platform)).service,
    });
  },
};
