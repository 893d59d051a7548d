import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MeasurementStore } from '../../platform/measurements/measurement-store-port.ts';
import type { ReadStore } from '../../platform/read-store/read-store-port.ts';
import type { AnalyticsEngine } from '../analytics/analytics-engine.ts';
import type { SeriesLabeller } from '../analytics/series-labels.ts';
import type { Visibility } from '../identity/visibility.ts';
import { exportRoutes } from './export.routes.ts';
import { kpiCatalogueRoutes } from './kpi-catalogue.routes.ts';
import { mapRoutes } from './maps.routes.ts';
import { measurementSearchRoutes } from './measurement-search.routes.ts';
import { screenGraphicRoutes } from './screen-graphics.routes.ts';
import { technologyRoutes } from './technologies.routes.ts';
import { testAnalysisRoutes } from './test-analysis.routes.ts';

export interface MeasurementsApiOptions {
  engine: AnalyticsEngine;
  /** Names the entities the graphic answers' series are broken down by. */
  labels: SeriesLabeller;
  measurements: MeasurementStore;
  readStore: ReadStore;
  probeVisibility: Visibility;
  /** Spec §9 map visualization sample limit (`MAP_SAMPLE_LIMIT`); beyond it a map is blocked. */
  mapSampleLimit: number;
}

/**
 * Issue 6 part 4: what the analysis screens read of the measurements (spec §7 Graphics, Maps, measurements, Other),
 * every answer within the caller's profile scope.
 */
export const measurementsApiRoutes: FastifyPluginAsyncZod<MeasurementsApiOptions> = async (app, options) => {
  for (const routes of [
    kpiCatalogueRoutes,
    screenGraphicRoutes,
    mapRoutes,
    measurementSearchRoutes,
    testAnalysisRoutes,
    technologyRoutes,
    exportRoutes,
  ])
    await app.register(routes, options);
};
