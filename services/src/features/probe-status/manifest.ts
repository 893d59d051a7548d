import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { analyticsFor } from '../cubes/index.ts';
import { probeSight } from '../probes/index.ts';
import { probeStatusRoutes } from './probe-status.routes.ts';
import { probeStatusWorker } from './probe-status.worker.ts';

/** Probe status: each probe's last reported state, kept from `probes.status`, listed and counted per profile. */
export const probeStatusManifest: FeatureManifest = {
  name: 'probe-status',
  workers: [probeStatusWorker],
  async routes(api, platform) {
    const { readStore, entities } = platform;
    await api.register(probeStatusRoutes, {
      readStore,
      probes: probeSight({
        engine: analyticsFor(platform),
        readStore,
        configured: entities.entity('probe').visibility,
      }),
      clusterVisibility: entities.entity('cluster').visibility,
    });
  },
};
