import { clusterProbesMapQuerySchema, pickLanguage, probesMapAnswerSchema, probesMapQuerySchema } from '@nq/contracts';
import { layerAccess } from '@nq/platform/http/access-rule';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { ListFilter, ReadStore } from '@nq/platform/read-store/read-store-port';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FleetScope, FleetScopes } from './fleet-scope.ts';
import { probesMapAnswer } from './probe-map-answer.ts';

export interface ProbeMapRouteOptions {
  readStore: ReadStore;
  scopes: FleetScopes;
}

const only = (scope: FleetScope, probeIds: readonly string[] | undefined): FleetScope =>
  probeIds ? { ...scope, filters: [...scope.filters, { field: 'id', in: [...probeIds] } satisfies ListFilter] } : scope;

/**
 * The probes maps by area and zoom (docs/product/api.md#probe-maps): the store counts the probes per map tile, so an
 * answer is a screen's worth whatever the fleet's size. The alerts map places each group at its probes.
 */
export const probeMapRoutes: FastifyPluginAsyncZod<ProbeMapRouteOptions> = async (app, options) => {
  const { readStore, scopes } = options;
  const mapAccess = { access: layerAccess(['probes-map', 'maps', 'tools/probes_status', 'alerts']) };
  const response = { 200: probesMapAnswerSchema, 400: errorResponse };

  app.get(
    '/api/probes/map',
    {
      config: mapAccess,
      schema: {
        tags: ['Probe maps'],
        summary:
          'The probes the caller sees in an area at a zoom: one by one up to 500, else as clusters; and how many have no coordinates',
        querystring: probesMapQuerySchema,
        response,
      },
    },
    async (request) => {
      const { bbox, zoom, probeIds } = request.query;
      const scope = only(await scopes.of(request.viewer), probeIds);
      return probesMapAnswer(readStore, {
        scope,
        bbox,
        zoom,
        language: pickLanguage(request.headers['accept-language']),
      });
    },
  );

  app.get(
    '/api/clusters/probes/map',
    {
      config: mapAccess,
      schema: {
        tags: ['Probe maps'],
        summary:
          'The probes that belong now to the clusters the caller sees (or to the ones named), in an area at a zoom, as the probes map answers them; each probe with its clusters',
        querystring: clusterProbesMapQuerySchema,
        response,
      },
    },
    async (request) => {
      const { bbox, zoom, probeIds, clusterIds } = request.query;
      const scope = only(await scopes.of(request.viewer, { inClusters: true, clusterIds }), probeIds);
      return probesMapAnswer(readStore, {
        scope,
        bbox,
        zoom,
        language: pickLanguage(request.headers['accept-language']),
      });
    },
  );
};
