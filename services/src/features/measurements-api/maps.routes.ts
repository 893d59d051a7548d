import {
  type CatalogueWarning,
  csvOptionsRequestSchema,
  DomainError,
  inRange,
  kpiIdSchema,
  logPositionSchema,
  type MeasuredPolygon,
  metrics,
  narrowedBySchema,
  queryCoverageSchema,
  reproductionSchema,
  selectionFields,
  warning,
  warningBodySchema,
  withSelectionRules,
} from '@nq/contracts';
import type { ConfigurationReads } from '@nq/platform/entities/entity-catalog';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  abortOnDisconnect,
  configurationNarrowingNamer,
  measurementNamer,
  reproducibleScope,
  scopeSelection,
  withNamedNarrowing,
} from '../analytics/index.ts';
import { csvOptionsOf, translated } from './caller.ts';
import { clientAbortSignal, reportedAs } from './engine-call.ts';
import { mapTile, mapTileSchema, maxZoom } from './map-tiles.ts';
import { csvStream, prefetched, sendStream } from './measurement-stream.ts';
import type { MeasurementsApiOptions } from './measurements-api-options.ts';
import { mapScreen } from './screens.ts';

const mapBody = withSelectionRules(
  selectionFields.extend({
    kpi: kpiIdSchema,
    metric: z.enum(metrics, { error: 'validation.invalidOption' }).default('avg'),
    zoom: inRange(z.number({ error: 'validation.invalidNumber' }).int('validation.invalidNumber'), 0, maxZoom)
      .default(6)
      .describe('Web-mercator zoom level of the tiles (0 the whole world in one tile)'),
    csv: csvOptionsRequestSchema
      .optional()
      .describe("How the CSV (format=csv) is written; else as the caller's language has it"),
  }),
);

const campaignArea = z.object({ id: z.string(), name: z.string(), center: z.tuple([z.number(), z.number()]) });
const mapAnswer = z.object({
  total: z.number().int().describe('Located measurements with the KPI that the filters select'),
  limit: z.number().int(),
  zoom: z.number().int(),
  tiles: z.array(mapTileSchema).describe('Empty when the total exceeds the limit (the map is blocked)'),
  campaigns: z.array(campaignArea).describe("The requested campaigns' centres (GeoJSON order: longitude, latitude)"),
  warnings: z.array(warningBodySchema),
  narrowedBy: narrowedBySchema.optional(),
  reproduce: reproductionSchema,
});
const countAnswer = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  warnings: z.array(warningBodySchema),
  narrowedBy: narrowedBySchema.optional(),
});

/** The requested campaigns the caller sees, each with its polygon's centre; one without a polygon cannot be mapped. */
async function campaignAreas(
  { readStore, entities }: ConfigurationReads,
  request: FastifyRequest,
  ids: readonly string[] | undefined,
) {
  if (!ids?.length) return [];
  const { collection, visibility } = entities.entity('campaign');
  const found = await readStore.getMany(collection, ids);
  const seen = [...found.values()].filter((campaign) =>
    visibility.sees(request.viewer, campaign as Parameters<typeof visibility.sees>[1]),
  );
  const withoutPolygon = seen.filter((campaign) => !campaign.polygon).map((campaign) => campaign.id);
  if (withoutPolygon.length > 0)
    throw new DomainError('maps.campaignWithoutPolygon', { details: { campaigns: withoutPolygon } });
  return seen.map((campaign) => ({
    id: campaign.id,
    name: String(campaign.name),
    center: (campaign.polygon as MeasuredPolygon).center,
  }));
}

/**
 * `POST /maps` (docs/product/api.md#maps): a KPI's metric per map tile over the located measurements the filters
 * select; `count=true` answers only their total, `format=csv` the measurements themselves. Past the map sample limit
 * (docs/product/limits.md#samples-and-pages) the map is blocked: no tiles and the `maps.sampleLimitExceeded` warning,
 * and the CSV is refused (`maps.tooManySamples`). Beside it, `POST /maps/coverage`: where the map is read from, as
 * `POST /api/graphic/coverage` answers for a graphic.
 */
export const mapRoutes: FastifyPluginAsyncZod<MeasurementsApiOptions> = async (app, options) => {
  const { engine, mapSampleLimit: limit } = options;
  const narrowingNames = configurationNarrowingNamer(options);

  const mapAsOf = logPositionSchema
    .optional()
    .describe("Reproduce a map: the configuration's log position its answer names (the profile as it was then)");

  app.post(
    '/maps',
    {
      config: mapScreen,
      schema: {
        tags: ['Maps'],
        summary: 'Map tiles of a KPI within the profile scope; the total only (count=true); or the raw points as CSV',
        querystring: z.object({
          count: z.enum(['true', 'false']).default('false').describe('Answer only the total'),
          format: z.enum(['json', 'csv']).default('json').describe('csv: the measurements themselves, as CSV'),
          asOf: mapAsOf,
        }),
        body: mapBody,
        response: {
          200: z.union([mapAnswer, countAnswer, z.string().describe('CSV (format=csv)')]),
          400: errorResponse,
          403: errorResponse,
          422: errorResponse,
          500: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { kpi, metric, zoom, csv, ...filter } = request.body;
      const receivedUntil = filter.receivedUntil ?? new Date().toISOString();
      const {
        scope,
        warnings: destinationWarnings,
        asOf,
      } = await reproducibleScope(options.history, request.viewer, filter.programs, request.query.asOf);
      const signal = clientAbortSignal(reply);
      const campaigns = await campaignAreas(options, request, filter.campaigns);
      const selection = { filter, kpi, located: true };
      const total = await reportedAs('maps.resultsFailed', engine.count(selection, scope, { signal }));
      const narrowing = await withNamedNarrowing(
        { narrowedBy: scopeSelection(selection, scope).narrowedBy },
        narrowingNames,
        request.viewer,
      );
      const warnings: CatalogueWarning[] = [
        ...destinationWarnings,
        ...(total === 0 ? [warning('maps.noResults')] : []),
        ...(total > limit ? [warning('maps.sampleLimitExceeded', { limit })] : []),
      ];
      if (request.query.count === 'true')
        return { total, limit, warnings: translated(request, warnings), ...narrowing };

      if (request.query.format === 'csv') {
        if (total > limit)
          throw new DomainError('maps.tooManySamples', { params: { limit }, details: { total, limit } });
        const batches = await reportedAs('maps.resultsFailed', prefetched(engine.scan(selection, scope, { signal })));
        reply.header('content-disposition', 'attachment; filename="map-points.csv"');
        return sendStream(
          reply,
          'text/csv; charset=utf-8',
          csvStream(batches, [kpi], measurementNamer(options, request.viewer), csvOptionsOf(request, csv)),
        );
      }

      const tiles =
        total > 0 && total <= limit
          ? await reportedAs('maps.resultsFailed', engine.tiles(selection, scope, { zoom, metric }, { signal }))
          : [];
      return {
        total,
        limit,
        zoom,
        tiles: tiles.map((tile) => mapTile(zoom, tile)),
        campaigns,
        warnings: translated(request, warnings),
        ...narrowing,
        // Asked again with `receivedUntil` in the body and `?asOf=`, the same tiles.
        reproduce: { asOf, receivedUntil, query: { ...request.body, receivedUntil } },
      };
    },
  );

  app.post(
    '/maps/coverage',
    {
      config: mapScreen,
      schema: {
        tags: ['Maps'],
        summary: 'Say where a map is read from, before asking it: the raw measurements, over how many months',
        description:
          'The body and `?asOf=` of `POST /maps`, the same access. Answers as `POST /api/graphic/coverage` does for ' +
          "the map's tiles: no cube keeps locations, so `raw`, the calendar months of located measurements it reads " +
          '(its first to its last, in its time zone) and why no cube can (`uncoverable`: `located` and any other ' +
          'reason); `none` when the profile scope leaves nothing to read. A client that goes away cancels the lookup.',
        body: mapBody,
        querystring: z.object({ asOf: mapAsOf }),
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
      const { kpi, metric, zoom: _zoom, csv: _csv, ...filter } = request.body;
      const { scope } = await reproducibleScope(options.history, request.viewer, filter.programs, request.query.asOf);
      return abortOnDisconnect(reply, (signal) => engine.tilesCoverage({ filter, kpi }, scope, metric, { signal }));
    },
  );
};
