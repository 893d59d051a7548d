import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { configurationSeriesLabeller } from '../analytics/index.ts';
import { analyticsFor } from '../cubes/index.ts';
import { smartPerformanceRoutes } from './smart-performance.routes.ts';

/** Smart performance: the profile's KPIs per program over a window, in their fringes. */
export const smartPerformanceManifest: FeatureManifest = {
  name: 'smart-performance',
  async routes(api, platform) {
    await api.register(smartPerformanceRoutes, {
      engine: analyticsFor(platform),
      labels: configurationSeriesLabeller(platform),
    });
  },
};
