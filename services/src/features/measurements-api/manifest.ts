import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { configurationHistory, configurationSeriesLabeller, graphicRoutes } from '../analytics/index.ts';
import { analyticsFor } from '../cubes/index.ts';
import { probeSight } from '../probes/index.ts';
import { measurementsApiRoutes } from './routes.ts';

/**
 * Everything answered from the measurements: graphics (the engine of the platform's stores, cubes included), maps,
 * measurement search and detail, exports and time charts.
 */
export const measurementsApiManifest: FeatureManifest = {
  name: 'measurements-api',
  async routes(api, platform) {
    const engine = analyticsFor(platform);
    const labels = configurationSeriesLabeller(platform);
    const history = configurationHistory(platform.eventStore, platform.entities.service('profile'));
    await api.register(graphicRoutes, { engine, labels, history });
    await api.register(measurementsApiRoutes, {
      engine,
      labels,
      measurements: platform.measurements,
      readStore: platform.readStore,
      entities: platform.entities,
      probes: probeSight({
        engine,
        readStore: platform.readStore,
        configured: platform.entities.entity('probe').visibility,
      }),
      mapSampleLimit: platform.config.maps.sampleLimit,
      history,
    });
  },
};
