import {
  filterIds,
  granularities,
  graphicResponseSchema,
  kpiById,
  kpiIdSchema,
  logPositionSchema,
  type QueryIrInput,
  queryIrFields,
  selectionFields,
  sortOrders,
  withSelectionRules,
} from '@nq/contracts';
import { queryIrOf } from '@nq/platform/entities/validated-input';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reproducibleScope } from '../analytics/index.ts';
import { translated } from './caller.ts';
import { clientAbortSignal } from './engine-call.ts';
import type { MeasurementsApiOptions } from './measurements-api-options.ts';
import { benchmarkScreen, byDestinationScreen, evolutionScreen } from './screens.ts';

// Each screen's body: the selection, a KPI measured with a metric, and what else the screen takes of the filter set.

const evolutionBody = withSelectionRules(
  selectionFields.extend({
    kpi: kpiIdSchema,
    ...queryIrFields.pick({
      metric: true,
      breakdowns: true,
      movingAverage: true,
      globalAverage: true,
      median: true,
      outliers: true,
      outlierDeviations: true,
    }).shape,
    granularity: z.enum(granularities, { error: 'validation.invalidOption' }).default('day'),
  }),
);

const benchmarkBody = withSelectionRules(
  selectionFields.extend({
    kpi: kpiIdSchema,
    ...queryIrFields.pick({
      metric: true,
      granularity: true,
      breakdowns: true,
      globalAverage: true,
      median: true,
      outliers: true,
      outlierDeviations: true,
    }).shape,
    by: z.enum(['isp', 'provider'], { error: 'validation.invalidOption' }).default('isp'),
    sortOrder: z
      .enum(sortOrders, { error: 'validation.invalidOption' })
      .optional()
      .describe('Default: the best first (ascending for KPIs where lower is better)'),
  }),
);

const byDestinationBody = withSelectionRules(
  selectionFields.extend({
    kpi: kpiIdSchema,
    ...queryIrFields.pick({
      metric: true,
      granularity: true,
      breakdowns: true,
      ordered: true,
      sortOrder: true,
      outliers: true,
      outlierDeviations: true,
    }).shape,
    programs: filterIds('programs').min(1, 'validation.required'),
  }),
);

const graphicSchema = <Body extends z.ZodType>(summary: string, body: Body) => ({
  tags: ['Graphics'],
  summary,
  body,
  querystring: z.object({
    asOf: logPositionSchema
      .optional()
      .describe("Reproduce an answer: the configuration's log position it names (the profile as it was then)"),
  }),
  response: {
    200: graphicResponseSchema,
    400: errorResponse,
    403: errorResponse,
    422: errorResponse,
    500: errorResponse,
  },
});

/**
 * The evolution, benchmark and by-destination screens (docs/product/screens.md#access-and-navigation) as thin wrappers
 * over the query IR — one KPI over time, compared across ISPs or providers, broken down by destination — answered like
 * `POST /api/graphic`.
 */
export const screenGraphicRoutes: FastifyPluginAsyncZod<MeasurementsApiOptions> = async (
  app,
  { engine, labels, history },
) => {
  /** The screen's answer, and what reproduces it: its own request posted again with `?asOf=` (as `/api/graphic`). */
  async function answer(request: FastifyRequest, reply: FastifyReply, input: QueryIrInput) {
    const receivedUntil = input.receivedUntil ?? new Date().toISOString();
    const { asOf: askedAsOf } = request.query as { asOf?: string };
    const { scope, warnings, asOf } = await reproducibleScope(history, request.viewer, input.programs, askedAsOf);
    const result = await engine.run(queryIrOf(input), scope, { signal: clientAbortSignal(reply) });
    const labelled = await labels(result, request.viewer);
    return {
      ...labelled,
      warnings: translated(request, [...warnings, ...result.warnings]),
      reproduce: { asOf, receivedUntil, query: { ...(request.body as object), receivedUntil } },
    };
  }

  app.post(
    '/api/evolution',
    {
      config: evolutionScreen,
      schema: graphicSchema(
        'Evolution: one KPI over time (by day unless asked), optionally per breakdown',
        evolutionBody,
      ),
    },
    async (request, reply) => answer(request, reply, { ...request.body, graphicType: 'line' }),
  );

  app.post(
    '/api/benchmark',
    {
      config: benchmarkScreen,
      schema: graphicSchema(
        'Benchmark: one KPI compared across ISPs or providers (then any further breakdowns), the best first',
        benchmarkBody,
      ),
    },
    async (request, reply) => {
      const { by, breakdowns, sortOrder, ...body } = request.body;
      const bestFirst = kpiById.get(body.kpi)?.inverse ? 'ascending' : 'descending';
      return answer(request, reply, {
        ...body,
        graphicType: 'bars',
        breakdowns: [by, ...breakdowns],
        ordered: true,
        sortOrder: sortOrder ?? bestFirst,
      });
    },
  );

  app.post(
    '/api/bydestination',
    {
      config: byDestinationScreen,
      schema: graphicSchema(
        "By destination: one KPI per destination of the programs (the profile's targets), then any further breakdowns",
        byDestinationBody,
      ),
    },
    async (request, reply) => {
      const { breakdowns, ...body } = request.body;
      return answer(request, reply, { ...body, graphicType: 'bars', breakdowns: ['destination', ...breakdowns] });
    },
  );
};
