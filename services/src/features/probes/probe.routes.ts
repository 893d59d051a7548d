import { logPositionSchema, pickLanguage, probeIdSchema, translate, warning } from '@nq/contracts';
import { csvDocument } from '@nq/platform/csv/csv-writer';
import type { FeatureRoutes } from '@nq/platform/entities/feature-routes';
import { documentList } from '@nq/platform/http/response-schemas';
import { readAll } from '@nq/platform/read-store/read-all';
import type { ReadDocument, ReadStore } from '@nq/platform/read-store/read-store-port';
import { z } from 'zod';
import { probeImportRoutes } from './probe-import.routes.ts';

/** Columns of the probes CSV export: identity, place and assignment (never credentials). */
const exportColumns = [
  'probeId',
  'name',
  'family',
  'type',
  'status',
  'deployment',
  'campaign',
  'taskSuite',
  'universe',
  'cluster',
  'country',
  'region',
  'town',
  'latitude',
  'longitude',
  'updatedAt',
];

/** The entities naming a probe's assignments, by the field holding the assigned entity's id: kind and read model. */
const assignments = {
  campaign: { kind: 'campaign', collection: 'campaigns' },
  taskSuite: { kind: 'task-suite', collection: 'task-suites' },
  universe: { kind: 'universe', collection: 'universes' },
  cluster: { kind: 'cluster', collection: 'clusters' },
} as const;

/**
 * The probes with their campaign, task suite, universe and cluster by name: what a person reads, and what the probes
 * CSV import reads back. An id that names nothing (its entity deleted) stays as it is.
 */
async function withAssignmentNames(readStore: ReadStore, probes: readonly ReadDocument[]) {
  const names = new Map<string, string>();
  await Promise.all(
    Object.entries(assignments).map(async ([field, { collection: assigned }]) => {
      const ids = [...new Set(probes.map((probe) => probe[field]).filter((id) => typeof id === 'string'))] as string[];
      if (ids.length === 0) return;
      for (const [id, entity] of await readStore.getMany(assigned, ids))
        if (typeof entity.name === 'string') names.set(`${field}:${id}`, entity.name);
    }),
  );
  return probes.map((probe) => {
    const named = { ...probe };
    for (const field of Object.keys(assignments)) {
      const name = names.get(`${field}:${String(probe[field])}`);
      if (name !== undefined) named[field] = name;
    }
    return named;
  });
}

/**
 * Probes by text (docs/product/rules.md#probes-by-text): ids separated by commas or spaces; the invalid ones are listed
 * and not added.
 */
export function parseProbeIds(text: string) {
  const tokens = [...new Set(text.split(/[\s,]+/).filter(Boolean))];
  const valid = tokens.filter((token) => probeIdSchema.safeParse(token).success);
  return { valid, invalid: tokens.filter((token) => !valid.includes(token)) };
}

/** Probes by text, the CSV export of the probes the caller sees and the CSV import. */
export const probeRoutes: FeatureRoutes = async (app, options) => {
  const { readStore, collection, tag, visibility, readYourWrites } = options;
  const tags = [tag];
  await app.register(probeImportRoutes, options);

  app.post(
    '/by-text',
    {
      schema: {
        tags,
        summary: 'The probes named in a text (ids separated by commas or spaces); unknown or invalid ids are listed',
        body: z.object({ text: z.string().max(100_000) }),
        response: {
          200: documentList.extend({
            invalid: z.array(z.string()),
            warnings: z.array(z.object({ code: z.string(), message: z.string() })),
          }),
        },
      },
    },
    async (request) => {
      const { valid, invalid } = parseProbeIds(request.body.text);
      const list = valid.length
        ? await readAll(readStore, collection, [{ field: 'id', in: valid }, ...visibility.listFilters(request.viewer)])
        : [];
      const found = new Set(list.map((probe) => probe.id));
      const ignored = [...invalid, ...valid.filter((id) => !found.has(id))];
      const language = pickLanguage(request.headers['accept-language']);
      const warnings = ignored.length
        ? [warning('probes.invalidIdsIgnored', { ids: ignored.join(', ') })].map(({ code, params }) => ({
            code,
            message: translate(code, language, params),
          }))
        : [];
      return { list, count: list.length, invalid: ignored, warnings };
    },
  );

  app.get(
    '/export.csv',
    {
      schema: {
        tags,
        summary: 'The probes the caller sees, as CSV (no credentials)',
        produces: ['text/csv'],
        querystring: z.object({
          minPosition: logPositionSchema
            .optional()
            .describe('Wait (up to 5 s) until the probes and the entities they name show this write'),
        }),
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const { minPosition } = request.query;
      await readYourWrites(minPosition, ['probe', ...Object.values(assignments).map(({ kind }) => kind)]);
      // A search shows what its index has refreshed: a read that must show a write refreshes first.
      const probes = await readAll(readStore, collection, visibility.listFilters(request.viewer), {
        fresh: minPosition !== undefined,
      });
      const csv = csvDocument(exportColumns, await withAssignmentNames(readStore, probes));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="probes.csv"')
        .send(csv);
    },
  );
};
