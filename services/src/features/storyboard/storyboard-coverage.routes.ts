import { queryCoverageSchema, storyboardRequestSchema } from '@nq/contracts';
import { layerAccess } from '@nq/platform/http/access-rule';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AnalyticsEngine,
  abortOnDisconnect,
  type ConfigurationHistory,
  reproducibleProfile,
} from '../analytics/index.ts';
import { analyticsScopeOf } from '../scorecards/index.ts';
import { kpisCoverage } from './kpis-coverage.ts';
import { readingOf } from './tile.ts';

/**
 * `POST /api/storyboard/coverage`: where the storyboard's period query — its main KPIs over the last 30 days — is
 * read from, before `GET /api/storyboard` answers it (docs/features/measurements-and-analytics.md, "Queries over
 * years"): what its progress says while it is long.
 */
export const storyboardCoverageRoutes: FastifyPluginAsyncZod<{
  engine: AnalyticsEngine;
  history: ConfigurationHistory;
}> = async (app, { engine, history }) => {
  app.post(
    '/api/storyboard/coverage',
    {
      config: { access: layerAccess(['storyboard']) },
      schema: {
        tags: ['Storyboard'],
        summary:
          "Say whether the storyboard's KPIs are answered from cubes or from the raw measurements, before asking it",
        description:
          "The pin of `GET /api/storyboard` (`receivedUntil` in the body, `?asOf=`), the same access. Each main KPI's " +
          'chart over the last 30 days is a query of the IR, and this answers for them together as ' +
          '`POST /api/graphic/coverage` does for one: `cube` and its name when built cubes answer them all (names ' +
          'comma-separated when several); `raw` and the most calendar months of measurements any of them reads, with ' +
          'the cubes being built that cover some (`building`), the one cube that would answer those read raw ' +
          '(`suggestion`: their KPIs together) or why none can (`uncoverable`); `none` when the profile scope leaves ' +
          'nothing to read. A client that goes away cancels the lookup.',
        body: storyboardRequestSchema.pick({ receivedUntil: true }),
        querystring: storyboardRequestSchema.pick({ asOf: true }),
        response: {
          200: queryCoverageSchema,
          400: errorResponse,
          403: errorResponse,
          422: errorResponse,
          500: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { profile } = await reproducibleProfile(history, request.viewer, analyticsScopeOf, request.query.asOf);
      const { period } = readingOf({ ...request.query, ...request.body }, new Date());
      return abortOnDisconnect(reply, (signal) =>
        kpisCoverage(engine, profile, analyticsScopeOf(profile), { ...period, signal }),
      );
    },
  );
};
