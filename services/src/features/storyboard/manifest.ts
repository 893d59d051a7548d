import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { configurationHistory } from '../analytics/index.ts';
import { analyticsFor } from '../cubes/index.ts';
import { probeSight } from '../probes/index.ts';
import { storyboardRoutes } from './storyboard.routes.ts';
import { storyboardCoverageRoutes } from './storyboard-coverage.routes.ts';

/** The storyboard: a profile's scorecards, probes, KPIs and errors at a glance. */
export const storyboardManifest: FeatureManifest = {
  name: 'storyboard',
  async routes(api, platform) {
    const { readStore, entities } = platform;
    const engine = analyticsFor(platform);
    const history = configurationHistory(platform.eventStore, entities.service('profile'));
    await api.register(storyboardRoutes, {
      engine,
      scorecards: entities.service('scorecard'),
      readStore,
      entities,
      probes: probeSight({ engine, readStore, configured: entities.entity('probe').visibility }),
      campaignVisibility: entities.entity('campaign').visibility,
      clusterVisibility: entities.entity('cluster').visibility,
      history,
    });
    await api.register(storyboardCoverageRoutes, { engine, history });
  },
};
