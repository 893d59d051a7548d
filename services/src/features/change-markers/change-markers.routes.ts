import { changeMarkersRequestSchema, changeMarkersResponseSchema } from '@nq/contracts';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { timeChartScreens } from '../measurements-api/index.ts';
import type { ChangeMarkerFinder } from './change-markers.ts';

/**
 * The configuration changes a time chart marks: those within its period that touch its selection (a probe moved, a
 * campaign's polygon redrawn, a scorecard redefined…), as the caller's profile may see them, each to be linked to its
 * settings-history entry.
 */
export const changeMarkerRoutes: FastifyPluginAsyncZod<{ changeMarkers: ChangeMarkerFinder }> = async (
  app,
  { changeMarkers },
) => {
  app.post(
    '/api/graphic/change-markers',
    {
      config: timeChartScreens,
      schema: {
        tags: ['Graphics'],
        summary:
          "Configuration changes touching a chart's selection within its period (at most 200, the most recent), in time order",
        body: changeMarkersRequestSchema,
        response: { 200: changeMarkersResponseSchema, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => changeMarkers(request.viewer, request.body),
  );
};
