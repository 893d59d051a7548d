import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { alertingSchema, openAlertingStore } from '@nq/projections';
import { analyticsFor } from '../cubes/index.ts';
import { alertConfiguration } from './alert.entity.ts';
import { alertBacktestRoutes } from './alert-backtest.routes.ts';
import { alertHistoryRoutes } from './alert-history.routes.ts';
import { alertingWorker } from './alerting.worker.ts';

/** Alerts: their configuration, their history, and a backtest of a rule over past measurements. */
export const alertsManifest: FeatureManifest = {
  name: 'alerts',
  entities: [alertConfiguration],
  schema: [alertingSchema],
  workers: [alertingWorker],
  async routes(api, platform) {
    await api.register(alertBacktestRoutes, {
      prefix: '/api/alert-config',
      engine: analyticsFor(platform),
      readStore: platform.readStore,
      entityOf: (kind) => ({
        service: platform.entities.service(kind),
        visibility: platform.entities.entity(kind).visibility,
      }),
    });
    await api.register(alertHistoryRoutes, {
      prefix: '/api/alert-history',
      history: await openAlertingStore(platform.sql),
    });
  },
};
