import { pickLanguage, probeIdSchema, translate, warning } from '@nq/contracts';
import { z } from 'zod';
import { csvDocument } from '../../platform/csv/csv-writer.ts';
import { documentList, type FeatureRoutes, readAll } from '../feature-routes.ts';
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

/** Spec §5 "Probes by text": ids separated by commas or spaces; the invalid ones are listed and not added. */
export function parseProbeIds(text: string) {
  const tokens = [...new Set(text.split(/[\s,]+/).filter(Boolean))];
  const valid = tokens.filter((token) => probeIdSchema.safeParse(token).success);
  return { valid, invalid: tokens.filter((token) => !valid.includes(token)) };
}

/** Probes by text, the CSV export of the probes the caller sees and the CSV import. */
export const probeRoutes: FeatureRoutes = async (app, options) => {
  const { readStore, collection, tag, visibility } = options;
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
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const probes = await readAll(readStore, collection, visibility.listFilters(request.viewer));
      const csv = csvDocument(exportColumns, probes);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="probes.csv"')
        .send(csv);
    },
  );
};
