import {
  filterIds,
  granularities,
  graphicResponseSchema,
  kpiById,
  kpiIdSchema,
  logPositionSchema,
  type QueryIrInput,
  queryCoverageSchema,
  queryIrFields,
  selectionFields,
  sortOrders,
  withSelectionRules,
} from '@nq/contracts';
import { queryIrOf } from '@nq/platform/entities/validated-input';
import type { AccessRule } from '@nq/platform/http/access-rule';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { abortOnDisconnect, reproducibleScope, reproductionOf } from '../analytics/index.ts';
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

const asOfQuery = z.object({
  asOf: logPositionSchema
    .optional()
    .describe("Reproduce an answer: the configuration's log position it names (the profile as it was then)"),
});
const refusals = { 400: errorResponse, 403: errorResponse, 422: errorResponse, 500: errorResponse };

/** A screen: its route, who may call it, what it answers, its body and the query of the IR that body asks. */
interface Screen<Body extends z.ZodType> {
  path: '/api/evolution' | '/api/benchmark' | '/api/bydestination';
  /** Its name, as its coverage route's summary starts. */
  name: string;
  config: { access: AccessRule };
  summary: string;
  body: Body;
  /** The one query of the IR the screen's body asks (its chart is that query's answer). */
  query: (body: z.output<Body>) => QueryIrInput;
}

const evolution: Screen<typeof evolutionBody> = {
  path: '/api/evolution',
  name: 'Evolution',
  config: evolutionScreen,
  summary: 'Evolution: one KPI over time (by day unless asked), optionally per breakdown',
  body: evolutionBody,
  query: (body) => ({ ...body, graphicType: 'line' }),
};

const benchmark: Screen<typeof benchmarkBody> = {
  path: '/api/benchmark',
  name: 'Benchmark',
  config: benchmarkScreen,
  summary: 'Benchmark: one KPI compared across ISPs or providers (then any further breakdowns), the best first',
  body: benchmarkBody,
  query: ({ by, breakdowns, sortOrder, ...body }) => ({
    ...body,
    graphicType: 'bars',
    breakdowns: [by, ...breakdowns],
    ordered: true,
    sortOrder: sortOrder ?? (kpiById.get(body.kpi)?.inverse ? 'ascending' : 'descending'),
  }),
};

const byDestination: Screen<typeof byDestinationBody> = {
  path: '/api/bydestination',
  name: 'By destination',
  config: byDestinationScreen,
  summary:
    "By destination: one KPI per destination of the programs (the profile's targets), then any further breakdowns",
  body: byDestinationBody,
  query: ({ breakdowns, ...body }) => ({ ...body, graphicType: 'bars', breakdowns: ['destination', ...breakdowns] }),
};

/**
 * The evolution, benchmark and by-destination screens (docs/product/screens.md#access-and-navigation) as thin wrappers
 * over the query IR — one KPI over time, compared across ISPs or providers, broken down by destination — answered like
 * `POST /api/graphic`; each with its coverage (`<path>/coverage`), answered like `POST /api/graphic/coverage`.
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
      reproduce: reproductionOf(asOf, receivedUntil, request.body as object, result.source),
    };
  }

  /** Where the screen's query is read from, before asking it: as `POST /api/graphic/coverage` answers for it. */
  async function coverage(request: FastifyRequest, reply: FastifyReply, input: QueryIrInput) {
    const { asOf } = request.query as { asOf?: string };
    const { scope } = await reproducibleScope(history, request.viewer, input.programs, asOf);
    return abortOnDisconnect(reply, (signal) => engine.coverage(queryIrOf(input), scope, { signal }));
  }

  /** A screen's route and its coverage: the same body, `?asOf=`, access and refusals. */
  function register<Body extends z.ZodType>(screen: Screen<Body>) {
    const { path, name, config, summary, body } = screen;
    const query = (request: FastifyRequest) => screen.query(request.body as z.output<Body>);
    app.post(
      path,
      {
        config,
        schema: {
          tags: ['Graphics'],
          summary,
          body,
          querystring: asOfQuery,
          response: { 200: graphicResponseSchema, ...refusals },
        },
      },
      async (request, reply) => answer(request, reply, query(request)),
    );
    app.post(
      `${path}/coverage`,
      {
        config,
        schema: {
          tags: ['Graphics'],
          summary: `${name}: say whether its chart is answered from a cube or from the raw measurements, before asking it`,
          description:
            `The body and \`?asOf=\` of \`POST ${path}\`, the same access and refusals. The screen's body asks one ` +
            'query of the IR, and this answers for it as `POST /api/graphic/coverage` does: `cube` and its name when a ' +
            'built cube covers it; `raw` and the calendar months of measurements it reads, with the cube being built ' +
            'that covers it (`building`), the smallest cube that would (`suggestion`) or why none can ' +
            '(`uncoverable`); `none` when the profile scope leaves nothing to read. A client that goes away cancels ' +
            'the lookup.',
          body,
          querystring: asOfQuery,
          response: { 200: queryCoverageSchema, ...refusals },
        },
      },
      async (request, reply) => coverage(request, reply, query(request)),
    );
  }

  register(evolution);
  register(benchmark);
  register(byDestination);
};
