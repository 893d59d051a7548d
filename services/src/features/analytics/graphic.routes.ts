import { graphicResponseSchema, pickLanguage, queryIrSchema, warningBody } from '@nq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { layerAccess } from '../../platform/http/access-rule.ts';
import { errorResponse } from '../feature-routes.ts';
import { scopeOf } from '../identity/data-scope.ts';
import type { AnalyticsEngine } from './analytics-engine.ts';
import type { SeriesLabeller } from './series-labels.ts';

/** The screens that draw graphics from the query IR (spec §2). */
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
 * Spec §7 `POST /api/graphic` (abortable): the graphic filter set in, the series out (labelled by name), within the
 * caller's profile scope. A client that goes away before the answer cancels the engine query.
 */
export const graphicRoutes: FastifyPluginAsyncZod<{ engine: AnalyticsEngine; labels: SeriesLabeller }> = async (
  app,
  { engine, labels },
) => {
  app.post(
    '/api/graphic',
    {
      config: { access: graphicScreens },
      schema: {
        tags: ['Graphics'],
        summary: 'Compute a graphic from the graphic filter set, within the profile scope',
        body: queryIrSchema,
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
        const { profile } = request.viewer;
        const result = await engine.run(
          request.body,
          { ...scopeOf(profile), timeZone: profile.timeZone },
          { signal: controller.signal },
        );
        const language = pickLanguage(request.headers['accept-language']);
        const labelled = await labels(result, request.viewer);
        return { ...labelled, warnings: result.warnings.map((warning) => warningBody(warning, language)) };
      } finally {
        if (!controller.signal.aborted) reply.raw.off('close', abandoned);
      }
    },
  );
};
