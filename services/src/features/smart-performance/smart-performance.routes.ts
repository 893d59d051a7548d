import { smartPerformanceAnswerSchema, smartPerformanceRequestSchema } from '@nq/contracts';
import { layerAccess } from '@nq/platform/http/access-rule';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AnalyticsEngine, SeriesLabeller } from '../analytics/index.ts';
import { analyticsScopeOf, clientAbortSignal, languageOf } from '../measurements-api/index.ts';
import { smartPerformanceCharts } from './kpi-charts.ts';

export interface SmartPerformanceRouteOptions {
  engine: AnalyticsEngine;
  labels: SeriesLabeller;
}

/** The data of the smart performance dashboards (`/smartPerformance`), on the analytics engine. */
export const smartPerformanceRoutes: FastifyPluginAsyncZod<SmartPerformanceRouteOptions> = async (
  app,
  { engine, labels },
) => {
  app.post(
    '/api/smart-performance',
    {
      config: { access: layerAccess(['smartPerformance']) },
      schema: {
        tags: ['Graphics'],
        summary:
          "Smart performance: each of the profile's KPIs over a recent window, in the fringes it is shown in, per " +
          'program, ISP or fringe; a KPI that fails answers its error in place of its series',
        body: smartPerformanceRequestSchema,
        response: {
          200: smartPerformanceAnswerSchema,
          400: errorResponse,
          403: errorResponse,
          422: errorResponse,
          500: errorResponse,
        },
      },
    },
    async (request, reply) =>
      smartPerformanceCharts(request.body, {
        engine,
        labels,
        viewer: request.viewer,
        scope: analyticsScopeOf(request),
        language: languageOf(request),
        signal: clientAbortSignal(reply),
        now: new Date(),
        logFailure: (kpi, error) => request.log.error({ err: error, kpi }, 'smart performance KPI failed'),
      }),
  );
};
