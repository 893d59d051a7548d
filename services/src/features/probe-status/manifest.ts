import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { analyticsFor } from '../cubes/index.ts';
import { probeSight } from '../probes/index.ts';
import { probeStatusRoutes } from './probe-status.routes.ts';
import { probeStatusWorker } from './probe-status.worker.ts';
import { probeStatusDetailRoutes } from './probe-status-detail.routes.ts';

/**
 * Probe status: each probe's last reported state, kept from `probe.status`, listed and counted per profile; one
 * probe's with what its agent said of itself.
 */
export const probeStatusManifest: FeatureManifest = {
  name: 'probe-status',
  workers: [probeStatusWorker],
  async routes(api, platform) {
    const { readStore, entities } = platform;
    const probes = probeSight({
      engine: analyticsFor(platform),
      readStore,
      configured: entities.entity('probe').visibility,
    });
    await api.register(probeStatusRoutes, {
      readStore,
      probes,
      clusterVisibility: entities.entity('cluster').visibility,
    });
    await api.register(probeStatusDetailRoutes, { readStore, probes });
  },
};
