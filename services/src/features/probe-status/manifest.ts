import { intentEventsOf } from '@nq/platform/entities/entity-definition';
import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { probeFleetProjection } from '@nq/projections';
import { analyticsFor } from '../cubes/index.ts';
import { probeConfiguration, probeSight } from '../probes/index.ts';
import { fleetScopes } from './fleet-scope.ts';
import { probeActivesRoutes } from './probe-actives.routes.ts';
import { probeMapRoutes } from './probe-map.routes.ts';
import { probeStatusWorker } from './probe-status.worker.ts';
import { probeStatusDetailRoutes } from './probe-status-detail.routes.ts';
import { probeStatusListRoutes } from './probe-status-list.routes.ts';

const { definition } = probeConfiguration;

/**
 * Probe status: each probe's last reported state, kept from `probe.status`, and the fleet read model (each probe's
 * configuration and last report in one document) that lists, counts and maps the fleet per profile; one probe's
 * status with what its agent said of itself.
 */
export const probeStatusManifest: FeatureManifest = {
  name: 'probe-status',
  projections: [
    probeFleetProjection({
      kind: definition.kind,
      eventPrefix: definition.eventPrefix,
      intentEvents: intentEventsOf(definition),
    }),
  ],
  workers: [probeStatusWorker],
  async routes(api, platform) {
    const { readStore, entities } = platform;
    const probes = probeSight({
      engine: analyticsFor(platform),
      readStore,
      configured: entities.entity('probe').visibility,
    });
    const scopes = fleetScopes({ readStore, probes, clusterVisibility: entities.entity('cluster').visibility });
    await api.register(probeStatusListRoutes, { readStore, scopes, projector: platform.projector });
    await api.register(probeMapRoutes, { readStore, scopes });
    await api.register(probeActivesRoutes, { readStore, scopes });
    await api.register(probeStatusDetailRoutes, { readStore, probes });
  },
};
