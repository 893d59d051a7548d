import {
  graphicResponseSchema,
  logPositionSchema,
  pickLanguage,
  queryCoverageSchema,
  queryIrSchema,
  warningBody,
} from '@nq/contracts';
import { layerAccess } from '@nq/platform/http/access-rule';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refuseUnofferedSelection } from '../identity/index.ts';
import { abortOnDisconnect } from './abort-on-disconnect.ts';
import type { AnalyticsEngine } from './analytics-engine.ts';
import { admitGraphicType } from './drawable-graphic-types.ts';
import { type ConfigurationHistory, reproducibleScope, reproductionOf } from './reproduction.ts';
import type { SeriesLabeller } from './series-labels.ts';

/** The screens that draw graphics from the query IR (docs/product/screens.md#access-and-navigation). */
const graphicScreens = layerAccess([
  'basic_graphic_generator',
  'advanced_graphic_generator',
  'evolution',
  'benchmark',
  'bydestination',
  'dashboards_personal',
  'scorecard_live',
  'storyboard',
]);

/**
 * `POST /api/graphic` (abortable; docs/product/api.md#graphics): the graphic filter set in, the series out (labelled by
 * name), within the caller's profile scope and, for programs, the profile's targets for them (docs/product/errors.md,
 * Destinations). A client that goes away before the answer cancels the engine query. Each answer names what reproduces
 * it: the configuration position, the data as received until the instant it was asked, and the query.
 */
export const graphicRoutes: FastifyPluginAsyncZod<{
  engine: AnalyticsEngine;
  labels: SeriesLabeller;
  history: ConfigurationHistory;
}> = async (app, { engine, labels, history }) => {
  app.addHook('preHandler', refuseUnofferedSelection);
  const asOfQuery = z.object({
    asOf: logPositionSchema
      .optional()
      .describe("Reproduce an answer: the configuration's log position it names (the profile as it was then)"),
  });
  app.post(
    '/api/graphic',
    {
      config: { access: graphicScreens },
      schema: {
        tags: ['Graphics'],
        summary: 'Compute a graphic from the graphic filter set, within the profile scope',
        description:
          'A profile without the advanced graphic generator draws bars, line, area, table and pie only, whatever ' +
          '`generator` the request names (403 graphics.typeRequiresAdvanced). A table with `axes.rows` and ' +
          '`axes.columns` answers a matrix.',
        body: queryIrSchema,
        querystring: asOfQuery,
        response: {
          200: graphicResponseSchema,
          400: errorResponse,
          403: errorResponse,
          422: errorResponse,
          500: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const controller = new AbortController();
      // The response closing before it was sent means the client went away (the request's own 'close' fires as
      // soon as its body has been read).
      const abandoned = () => !reply.raw.writableEnded && controller.abort();
      reply.raw.once('close', abandoned);
      try {
        admitGraphicType(request.viewer.profile, request.body.graphicType);
        const receivedUntil = request.body.receivedUntil ?? new Date().toISOString();
        const { scope, warnings, asOf } = await reproducibleScope(
          history,
          request.viewer,
          request.body.programs,
          request.query.asOf,
        );
        const result = await engine.run(request.body, scope, { signal: controller.signal });
        const language = pickLanguage(request.headers['accept-language']);
        const labelled = await labels(result, request.viewer);
        const { display, graphicType } = request.body;
        return {
          ...labelled,
          warnings: [...warnings, ...result.warnings].map((warning) => warningBody(warning, language)),
          ...(display ? { display: { ...display, graphicType } } : {}),
          // Asked again with `receivedUntil` in the query and `?asOf=`, the same numbers (docs: reproducing a figure).
          reproduce: reproductionOf(asOf, receivedUntil, request.body, result.source),
        };
      } finally {
        if (!controller.signal.aborted) reply.raw.off('close', abandoned);
      }
    },
  );

  app.post(
    '/api/graphic/coverage',
    {
      config: { access: graphicScreens },
      schema: {
        tags: ['Graphics'],
        summary: 'Say whether a graphic is answered from a cube or from the raw measurements, before asking it',
        description:
          'The body and `?asOf=` of `POST /api/graphic`, the same access and refusals. Answers `cube` and its name ' +
          'when a built cube covers the query; `raw` and the calendar months of measurements it reads (its first ' +
          'to its last, in its time zone) otherwise, with the cube defined that covers it but is still being built ' +
          '(`building`), or the smallest cube definition that would cover it (`suggestion`: a day grain when the ' +
          "granularity and dates allow, else UTC hours; the query's filter and breakdown dimensions; its KPI), or " +
          'why no cube can (`uncoverable`); `none` when the profile scope leaves nothing to read. A client that goes ' +
          'away cancels the lookup.',
        body: queryIrSchema,
        querystring: asOfQuery,
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
      admitGraphicType(request.viewer.profile, request.body.graphicType);
      const { scope } = await reproducibleScope(history, request.viewer, request.body.programs, request.query.asOf);
      return abortOnDisconnect(reply, (signal) => engine.coverage(request.body, scope, { signal }));
    },
  );
};
