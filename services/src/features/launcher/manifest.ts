import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { launchesSchema, openLaunchStore } from './launch-store.ts';
import { launcherRoutes } from './launcher.routes.ts';
import { probeCommandRoutes } from './probe-commands.routes.ts';

/** The measurement launcher: measurements launched on probes now, and the commands probes poll for them. */
export const launcherManifest: FeatureManifest = {
  name: 'launcher',
  schema: [launchesSchema],
  async routes(api, platform) {
    const launches = await openLaunchStore(platform.sql, platform.config.launcher);
    await api.register(probeCommandRoutes, {
      prefix: '/gateway/v1',
      launches,
      log: platform.log,
      topics: platform.topics,
    });
    await api.register(launcherRoutes, {
      prefix: '/api/launches',
      launches,
      probes: platform.entities.service('probe'),
      probeVisibility: platform.entities.entity('probe').visibility,
      clusters: platform.entities.service('cluster'),
      clusterVisibility: platform.entities.entity('cluster').visibility,
      log: platform.log,
      topics: platform.topics,
    });
  },
};
