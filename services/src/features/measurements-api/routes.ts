import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refuseUnofferedSelection } from '../identity/index.ts';
import { exportRoutes } from './export.routes.ts';
import { kpiCatalogueRoutes } from './kpi-catalogue.routes.ts';
import { mapRoutes } from './maps.routes.ts';
import { measurementSearchRoutes } from './measurement-search.routes.ts';
import type { MeasurementsApiOptions } from './measurements-api-options.ts';
import { screenGraphicRoutes } from './screen-graphics.routes.ts';
import { technologyRoutes } from './technologies.routes.ts';
import { testAnalysisRoutes } from './test-analysis.routes.ts';
import { testAnalysisProbeRoutes } from './test-analysis-probes.routes.ts';

/**
 * What the analysis screens read of the measurements (docs/product/api.md: Graphics, Maps, Measurements, Technologies,
 * Test analysis), every answer within the caller's profile scope.
 */
export const measurementsApiRoutes: FastifyPluginAsyncZod<MeasurementsApiOptions> = async (app, options) => {
  app.addHook('preHandler', refuseUnofferedSelection);
  for (const routes of [
    kpiCatalogueRoutes,
    screenGraphicRoutes,
    mapRoutes,
    measurementSearchRoutes,
    testAnalysisProbeRoutes,
    testAnalysisRoutes,
    technologyRoutes,
    exportRoutes,
  ])
    await app.register(routes, options);
};

export type { MeasurementsApiOptions } from './measurements-api-options.ts';
