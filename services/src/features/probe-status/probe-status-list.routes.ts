import type { Readable } from 'node:stream';
import {
  DomainError,
  type ProbeStatusRow,
  probeStatusPageSchema,
  probeStatusQuerySchema,
  probeStatusRowSchema,
} from '@nq/contracts';
import { type CsvField, csvReadable } from '@nq/platform/csv/csv-writer';
import { layerAccess } from '@nq/platform/http/access-rule';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { Projector } from '@nq/platform/projector-port';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import { probeFleetCollection, probeFleetProjectionName } from '@nq/projections';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvOptionsOf } from '../measurements-api/index.ts';
import { fleetRowOf, statusRowOfFleet } from './fleet-rows.ts';
import { type FleetScopes, fleetFilters, fleetSearch, fleetSort } from './fleet-scope.ts';

export interface ProbeStatusListOptions {
  readStore: ReadStore;
  scopes: FleetScopes;
  projector: Pick<Projector, 'showsWrite'>;
}

/** A file streamed as it is read (the route's schema describes the JSON page it answers otherwise). */
const sendCsv = (reply: FastifyReply, csv: Readable) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="probes-status.csv"')
    .send(csv);

/** The CSV's columns: the status row's fields, headed by their names in English and in Spanish. */
const spanishHeaders: Record<keyof ProbeStatusRow, string> = {
  probeId: 'id de sonda',
  name: 'nombre',
  type: 'tipo',
  status: 'estado configurado',
  state: 'estado notificado',
  lastReportAt: 'último informe',
  technology: 'tecnología',
  operator: 'operador',
  battery: 'batería',
};
const csvColumns: CsvField<ProbeStatusRow>[] = (
  Object.keys(probeStatusRowSchema.shape) as (keyof ProbeStatusRow)[]
).map((name) => ({
  label: { en: name, es: spanishHeaders[name] },
  value: (row) => row[name],
  // When the last report was made: an instant, written in the CSV's time zone.
  ...(name === 'lastReportAt' ? { instant: true } : {}),
}));

const HOUR_MS = 3_600_000;
const TWO_YEARS_MS = 2 * 365 * 24 * HOUR_MS;

export const probeStatusAccess = {
  access: layerAccess(['tools/probes_status', 'probes-map', 'probes_configuration']),
};

/**
 * The probe status a page at a time — filtered, sorted and counted by the store, from the fleet read model — or every
 * probe the caller sees as a CSV file streamed batch by batch (its options in the query); and the idle-devices counter
 * (docs/product/limits.md#times), counted by the store.
 */
export const probeStatusListRoutes: FastifyPluginAsyncZod<ProbeStatusListOptions> = async (app, options) => {
  const { readStore, scopes, projector } = options;

  /** Read-your-writes: a probe just created or changed is listed once the fleet read model shows it. */
  async function showsWrite(position: string | undefined) {
    if (position && !(await projector.showsWrite(position, probeFleetProjectionName)))
      throw new DomainError('dependency.unavailable', {
        params: { dependency: `read model ${probeFleetProjectionName}` },
        details: { minPosition: position },
      });
  }

  app.get(
    '/probes/status',
    {
      config: probeStatusAccess,
      schema: {
        tags: ['Probe status'],
        summary:
          'The probes the caller sees with their last report, a page at a time, filtered and sorted (JSON); or all of them as CSV (format=csv)',
        querystring: probeStatusQuerySchema,
        response: {
          200: z.union([probeStatusPageSchema, z.string().describe('CSV of every probe the caller sees, streamed')]),
          400: errorResponse,
          503: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      await showsWrite(query.minPosition);
      const scope = await scopes.of(request.viewer, query);
      if (query.format === 'csv') {
        // A file, not a screen: every probe the caller sees, whatever the screen's filters, read batch by batch.
        const batches = (async function* () {
          for await (const batch of readStore.scan(probeFleetCollection, { filters: scope.filters }))
            yield batch.map(statusRowOfFleet);
        })();
        // Written as the query's options say, else as the caller's language has it.
        return sendCsv(reply, csvReadable(csvColumns, batches, csvOptionsOf(request, query)));
      }
      const { items, total } = await readStore.list(probeFleetCollection, {
        filters: [...scope.filters, ...fleetFilters(query)],
        ...fleetSearch(query.q),
        sort: fleetSort(query.sort, query.order),
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
        fresh: query.minPosition !== undefined,
      });
      return { list: items.map(fleetRowOf), count: total, page: query.page, pageSize: query.pageSize };
    },
  );

  app.get(
    '/probes/status/counter',
    {
      config: probeStatusAccess,
      schema: {
        tags: ['Probe status'],
        summary: 'Home (landline) devices idle for the last hour, not counting those silent for over 2 years',
        response: { 200: z.object({ idle: z.number().int(), total: z.number().int(), at: z.string() }) },
      },
    },
    async (request) => {
      const now = Date.now();
      const home = [...(await scopes.of(request.viewer)).filters, { field: 'type', equals: 'landline' }];
      const silent = { field: 'lastReportMs', range: { lt: now - HOUR_MS, gte: now - TWO_YEARS_MS } };
      const [idle, total] = await Promise.all([
        readStore.count(probeFleetCollection, { filters: [...home, silent] }),
        readStore.count(probeFleetCollection, { filters: home }),
      ]);
      return { idle, total, at: new Date(now).toISOString() };
    },
  );
};
