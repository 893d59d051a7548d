import {
  type NarrowedBy,
  pickLanguage,
  storyboardRequestSchema,
  storyboardResponseSchema,
  warningBody,
} from '@nq/contracts';
import type { Visibility } from '@nq/platform/access/visibility';
import type { EntityCatalog } from '@nq/platform/entities/entity-catalog';
import type { EntityService } from '@nq/platform/entities/entity-service';
import { layerAccess } from '@nq/platform/http/access-rule';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AnalyticsEngine,
  type ConfigurationHistory,
  configurationNarrowingNamer,
  reproducibleProfile,
  withNamedNarrowing,
} from '../analytics/index.ts';
import { clientAbortSignal } from '../measurements-api/index.ts';
import type { ProbeSight } from '../probes/index.ts';
import { analyticsScopeOf } from '../scorecards/index.ts';
import { erroredMeasurementsTile } from './errors-tile.ts';
import { kpisTile } from './kpis-tile.ts';
import { previousScoresCache } from './previous-scores.ts';
import { probeStatusTile } from './probe-status-tile.ts';
import { scorecardsTile } from './scorecards-tile.ts';
import { readingOf, type TileContext, tileOf } from './tile.ts';

export interface StoryboardRouteOptions {
  engine: AnalyticsEngine;
  scorecards: EntityService;
  readStore: ReadStore;
  entities: EntityCatalog;
  /** The probes each profile sees. */
  probes: ProbeSight;
  campaignVisibility: Visibility;
  clusterVisibility: Visibility;
  history: ConfigurationHistory;
}

/**
 * /storyboard: the profile's picture at a glance in one round trip — its active scorecards with their trend,
 * its probes by state, its main KPIs over the last 30 days and its latest errored measurements — each tile computed
 * in parallel and within the profile's scope, each failing on its own. The answer names what reproduces it
 * (`reproduce`: the configuration position and the instant); asked with them, the KPIs, errored measurements and
 * scorecards answer as they were — the profile as it was at `asOf` (never seeing more than it does now: then the
 * current scope, with the warning), the scorecards at their versions then, the last 30 days ending at `receivedUntil`
 * and only what was received by then — while the probes' states are the fleet's now, which the tile says.
 */
export const storyboardRoutes: FastifyPluginAsyncZod<StoryboardRouteOptions> = async (app, options) => {
  const sources = {
    ...options,
    previousScores: previousScoresCache(),
    narrowing: configurationNarrowingNamer(options),
  };
  app.get(
    '/api/storyboard',
    {
      config: { access: layerAccess(['storyboard']) },
      schema: {
        tags: ['Storyboard'],
        summary:
          "The storyboard's tiles: active scorecards, probe states, main KPIs over 30 days, latest errored measurements",
        querystring: storyboardRequestSchema,
        response: { 200: storyboardResponseSchema, 400: errorResponse },
      },
    },
    async (request, reply) => {
      const { viewer } = request;
      const now = new Date();
      const { receivedUntil, pinned, period } = readingOf(request.query, now);
      const { profile, warnings, asOf } = await reproducibleProfile(
        options.history,
        viewer,
        analyticsScopeOf,
        request.query.asOf,
      );
      const language = pickLanguage(request.headers['accept-language']);
      const context: TileContext = { language, ...period, signal: clientAbortSignal(reply), log: request.log, asOf };
      const scope = analyticsScopeOf(profile);
      const named = <Data extends { narrowedBy?: NarrowedBy }>(data: Data) =>
        withNamedNarrowing(data, sources.narrowing, viewer);
      const [scorecards, probeStatus, kpis, errors] = await Promise.all([
        tileOf('scorecards.calculateFailed', context, async () => {
          const tile = await scorecardsTile(sources, { ...viewer, profile }, context);
          return { ...tile, list: await Promise.all(tile.list.map((item) => ('error' in item ? item : named(item)))) };
        }),
        tileOf('probes.fetchFailed', context, () => probeStatusTile(sources.readStore, sources.probes, viewer, pinned)),
        tileOf('evolution.fetchFailed', context, async () =>
          named(await kpisTile(sources.engine, profile, scope, context)),
        ),
        tileOf('measurements.fetchFailed', context, async () =>
          named(await erroredMeasurementsTile(sources.engine, scope, context)),
        ),
      ]);
      return {
        generatedAt: now.toISOString(),
        // Asked again with both (`?asOf=&receivedUntil=`), the same tiles but the probes' states.
        reproduce: { asOf, receivedUntil },
        warnings: warnings.map((warning) => warningBody(warning, language)),
        scorecards,
        probeStatus,
        kpis,
        errors,
        alerts: null,
      };
    },
  );
};
