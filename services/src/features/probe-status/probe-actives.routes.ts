import { type ProbeMembership, probeStatusPageSchema } from '@nq/contracts';
import { layerAccess } from '@nq/platform/http/access-rule';
import type { ListFilter, ReadStore } from '@nq/platform/read-store/read-store-port';
import { probeFleetCollection } from '@nq/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { membersAsOf } from '../clusters/index.ts';
import { fleetRowOf } from './fleet-rows.ts';
import type { FleetScopes } from './fleet-scope.ts';

export interface ProbeActivesOptions {
  readStore: ReadStore;
  scopes: FleetScopes;
}

/** Probe, universe and campaign look-ups go in chunks of 50 (docs/product/limits.md#samples-and-pages). */
const CHUNK = 50;

/** The active probes of a campaign or a universe in chunks of 50, a page read and counted by the store. */
export const probeActivesRoutes: FastifyPluginAsyncZod<ProbeActivesOptions> = async (app, options) => {
  const { readStore, scopes } = options;
  const activesAccess = {
    access: layerAccess([
      'probes-map',
      'maps',
      'evolution',
      'benchmark',
      'measurementLauncher',
      'tools/probes_status',
      'alerts',
    ]),
  };
  const page = z.coerce.number().int().min(1).default(1);

  async function chunk(filters: ListFilter[], pageNumber: number) {
    const { items, total } = await readStore.list(probeFleetCollection, {
      filters,
      sort: [{ field: 'name', order: 'asc' }],
      offset: (pageNumber - 1) * CHUNK,
      limit: CHUNK,
    });
    return { list: items.map(fleetRowOf), count: total, page: pageNumber, pageSize: CHUNK };
  }

  app.get(
    '/probes/actives/bycampaign',
    {
      config: activesAccess,
      schema: {
        tags: ['Probe status'],
        summary: 'The available probes of a campaign, 50 per page',
        querystring: z.object({ campaignId: z.string().min(1), page }),
        response: { 200: probeStatusPageSchema },
      },
    },
    async (request) => {
      const { filters } = await scopes.of(request.viewer);
      return chunk(
        [
          ...filters,
          { field: 'campaign', equals: request.query.campaignId },
          // Every configured status but the one that takes a probe out.
          { field: 'status', in: ['Available', 'Ready', 'Not ready'] },
        ],
        request.query.page,
      );
    },
  );

  app.get(
    '/probes/actives/byuniverse',
    {
      config: activesAccess,
      schema: {
        tags: ['Probe status'],
        summary: 'The probes that belong now to a universe, 50 per page',
        querystring: z.object({ universeId: z.string().min(1), page }),
        response: { 200: probeStatusPageSchema },
      },
    },
    async (request) => {
      const [{ filters }, universe] = await Promise.all([
        scopes.of(request.viewer),
        readStore.get('universes', request.query.universeId),
      ]);
      const members = membersAsOf((universe?.probes as ProbeMembership[] | undefined) ?? [], new Date());
      return chunk([...filters, { field: 'id', in: [...new Set(members)] }], request.query.page);
    },
  );
};
