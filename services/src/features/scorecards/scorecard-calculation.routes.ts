import {
  type CatalogueWarning,
  csvOptionsFor,
  DomainError,
  type HttpErrorCode,
  pickLanguage,
  type QueryResult,
  type ScorecardCalculationRequest,
  scorecardCalculationRequestSchema,
  scorecardCalculationResponseSchema,
  scorecardCsvRequestSchema,
  scorecardDrilldownRequestSchema,
  scorecardDrilldownResponseSchema,
  scorecardVersionsSchema,
  type WindowScores,
  warningBody,
} from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';
import type { EntityService } from '@nq/platform/entities/entity-service';
import { layerAccess } from '@nq/platform/http/access-rule';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type AnalyticsEngine,
  abortOnDisconnect,
  type NarrowingNamer,
  type SeriesLabeller,
  withNamedNarrowing,
} from '../analytics/index.ts';
import { type Caller, calculateScorecard } from './calculate-scorecard.ts';
import { scorecardCsv } from './scorecard-csv.ts';
import { scorecardDrilldown } from './scorecard-drilldown.ts';
import { scorecardVersions } from './scorecard-version.ts';

/** The live, comparison and drilldown screens, and the scorecards' own management screen (docs/product/screens.md). */
const scorecardScreens = layerAccess(['scorecard_live', 'scorecard_comparison', 'scoreManagement']);
const tags = ['Scorecards'];
const params = z.object({ id: z.string() });
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse, 500: errorResponse };

/** The caller's profile and the current instant; the engine queries end when the client goes away. */
const asCaller = (request: FastifyRequest, signal: AbortSignal): Caller => ({
  profile: request.viewer.profile,
  now: new Date(),
  signal,
});
const translated = (request: FastifyRequest, warnings: CatalogueWarning[]) => {
  const language = pickLanguage(request.headers['accept-language']);
  return warnings.map((warning) => warningBody(warning, language));
};
/** Unexpected failures answer the scorecards' own code (docs/product/errors.md); the cause goes to the log. */
async function failingAs<T>(code: HttpErrorCode, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof DomainError ? error : new DomainError(code, { cause: error });
  }
}
const fileName = (id: string) => `scorecard-${id.replace(/[^\w-]/g, '_')}.csv`;

/**
 * `GET /scorecards/{id}/calculations`, `POST /scorecards/{id}/csv` and
 * `POST /api/graphic/scorecard/{id}/drilldown`, and the versions a calculation may be asked `asOf`
 * (docs/product/api.md#scorecards). Each answer states the configuration version (`asOf` takes its log position) and
 * the data window (`from`, `to`) it used: asking again with them gives the same numbers.
 */
/**
 * The compared providers or ISPs by name, as the caller sees them: by the rule every graphic answer names its series
 * with (an ISP is a provider's id; one the caller does not see stays unnamed).
 */
async function withEntityNames<Calculation extends { live: WindowScores; comparison?: WindowScores | undefined }>(
  calculation: Calculation,
  labels: SeriesLabeller,
  viewer: Viewer,
): Promise<Calculation> {
  const windows = [calculation.live, ...(calculation.comparison ? [calculation.comparison] : [])];
  const ids = [...new Set(windows.flatMap((window) => window.entities.map((entity) => entity.entity)))];
  const asSeries = {
    kind: 'metric',
    metric: 'avg',
    warnings: [],
    series: ids.map((id) => ({ key: { isp: id }, buckets: [] })),
  };
  const labelled = await labels(asSeries as unknown as QueryResult, viewer);
  const names = new Map(labelled.series.map((series, index) => [ids[index], series.labels?.isp]));
  const named = (window: WindowScores): WindowScores => ({
    ...window,
    entities: window.entities.map((entity) => {
      const name = names.get(entity.entity);
      return name === undefined ? entity : { ...entity, name };
    }),
  });
  return {
    ...calculation,
    live: named(calculation.live),
    ...(calculation.comparison ? { comparison: named(calculation.comparison) } : {}),
  };
}

export const scorecardCalculationRoutes: FastifyPluginAsyncZod<{
  engine: AnalyticsEngine;
  scorecards: EntityService;
  labels: SeriesLabeller;
  /** Names what the caller's profile narrowed a calculation by. */
  narrowing: NarrowingNamer;
}> = async (app, sources) => {
  const calculate = (id: string, asked: ScorecardCalculationRequest, request: FastifyRequest, reply: FastifyReply) =>
    failingAs('scorecards.calculateFailed', () =>
      abortOnDisconnect(reply, (signal) => calculateScorecard(sources, id, asked, asCaller(request, signal))),
    );

  app.get(
    '/scorecards/:id/calculations',
    {
      config: { access: scorecardScreens },
      schema: {
        // One calculation, not a list of them.
        operationId: 'calculateScorecard',
        tags,
        summary: 'Score the compared providers or ISPs at a configuration version over a window (and a comparison one)',
        params,
        querystring: scorecardCalculationRequestSchema,
        response: { 200: scorecardCalculationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const calculation = await calculate(request.params.id, request.query, request, reply);
      const named = await withNamedNarrowing(
        await withEntityNames(calculation, sources.labels, request.viewer),
        sources.narrowing,
        request.viewer,
      );
      return { ...named, warnings: translated(request, calculation.warnings) };
    },
  );

  app.get(
    '/scorecards/:id/versions',
    {
      config: { access: scorecardScreens },
      schema: {
        tags,
        summary: "The scorecard's configuration versions, newest first, each with the log position to ask asOf",
        params,
        response: { 200: scorecardVersionsSchema, ...errors },
      },
    },
    async (request) => scorecardVersions(sources.scorecards, request.params.id),
  );

  app.post(
    '/scorecards/:id/csv',
    {
      config: { access: scorecardScreens },
      schema: {
        tags,
        summary: 'The calculation as CSV: one row per window, compared entity, KPI and fringe',
        params,
        body: scorecardCsvRequestSchema.default({}),
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { csv: asked, ...selection } = request.body;
      // Written as `csv` asks, else as the caller's language has it; instants in the profile's time zone by default.
      const options = csvOptionsFor(
        pickLanguage(request.headers['accept-language']),
        request.viewer.profile.timeZone,
        asked,
      );
      const calculation = await calculate(request.params.id, selection, request, reply);
      const csv = await failingAs('scorecards.csvFailed', async () => scorecardCsv(calculation, options));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName(request.params.id)}"`)
        .send(csv);
    },
  );

  app.post(
    '/api/graphic/scorecard/:id/drilldown',
    {
      config: { access: scorecardScreens },
      schema: {
        tags,
        summary: 'One KPI of one compared entity over time, as a graphic result',
        params,
        body: scorecardDrilldownRequestSchema,
        response: { 200: scorecardDrilldownResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await failingAs('scorecards.calculateFailed', () =>
        abortOnDisconnect(reply, (signal) =>
          scorecardDrilldown(sources, request.params.id, request.body, asCaller(request, signal)),
        ),
      );
      const labelled = await sources.labels(result, request.viewer);
      return { ...labelled, warnings: translated(request, result.warnings) };
    },
  );
};
