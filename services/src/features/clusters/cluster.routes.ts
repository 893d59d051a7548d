import type { ProbeMembership } from '@nq/contracts';
import type { FeatureRoutes } from '@nq/platform/entities/feature-routes';
import { documentList } from '@nq/platform/http/response-schemas';
import { pickFields, readAll } from '@nq/platform/read-store/read-all';
import { z } from 'zod';
import { refuseOutsideDates, scopeOf } from '../identity/index.ts';
import { membersAsOf } from './memberships.ts';

const ids = z.array(z.string().min(1)).min(1, 'validation.required').max(500);

/**
 * Clusters by ids (with field selection) and the probes active now in a set of clusters (docs/product/api.md#clusters).
 */
export const clusterRoutes: FeatureRoutes = async (app, { readStore, collection, tag, visibility }) => {
  const tags = [tag];
  app.post(
    '/byIds',
    {
      schema: {
        tags,
        summary: 'The clusters with these ids, optionally only some fields',
        body: z.object({ ids, fields: z.array(z.string()).optional() }),
        response: { 200: documentList },
      },
    },
    async (request) => {
      const filters = [{ field: 'id', in: request.body.ids }, ...visibility.listFilters(request.viewer)];
      const list = (await readAll(readStore, collection, filters)).map(pickFields(request.body.fields));
      return { list, count: list.length };
    },
  );

  app.post(
    '/activeProbes',
    {
      schema: {
        tags,
        summary: 'The probes that belong now (or at `at`) to each of these clusters',
        body: z.object({ ids, at: z.iso.datetime({ offset: true }).optional() }),
        response: {
          200: z.object({
            at: z.string(),
            clusters: z.array(z.object({ id: z.string(), probes: z.array(z.string()) })),
          }),
        },
      },
    },
    async (request) => {
      const at = request.body.at ? new Date(request.body.at) : new Date();
      if (request.body.at) refuseOutsideDates(scopeOf(request.viewer.profile), request.body.at, request.body.at);
      const clusters = await readAll(readStore, collection, [
        { field: 'id', in: request.body.ids },
        ...visibility.listFilters(request.viewer),
      ]);
      return {
        at: at.toISOString(),
        clusters: clusters.map((cluster) => ({
          id: cluster.id,
          probes: membersAsOf((cluster.probes as ProbeMembership[] | undefined) ?? [], at),
        })),
      };
    },
  );
};
