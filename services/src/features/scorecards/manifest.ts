import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { configurationNarrowingNamer, configurationSeriesLabeller } from '../analytics/index.ts';
import { analyticsFor } from '../cubes/index.ts';
import { scorecardConfiguration } from './scorecard.entity.ts';
import { scorecardCalculationRoutes } from './scorecard-calculation.routes.ts';

/** Scorecards: providers scored on weighted KPIs, calculated at a configuration version over a window. */
export const scorecardsManifest: FeatureManifest = {
  name: 'scorecards',
  entities: [scorecardConfiguration],
  async routes(api, platform) {
    await api.register(scorecardCalculationRoutes, {
      engine: analyticsFor(platform),
      scorecards: platform.entities.service('scorecard'),
      labels: configurationSeriesLabeller(platform),
      narrowing: configurationNarrowingNamer(platform),
    });
  },
};
