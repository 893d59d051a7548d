import { DomainError, type Language, logPositionSchema, pickLanguage, translate } from '@nq/contracts';
import type { FeatureRoutes } from '@nq/platform/entities/feature-routes';
import { layerAccess } from '@nq/platform/http/access-rule';
import { commandMetadata } from '@nq/platform/http/command-metadata';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_PROBE_FILE_MB, MAX_PROBE_ROWS, type ProbeDraft, readProbeCsv } from './probe-csv.ts';
import { NAME_SEPARATOR, probeCsvColumns } from './probe-csv-columns.ts';
import { importProbes } from './probe-import.ts';

const rejectedRowsResponse = errorResponse.extend({
  details: z.object({
    rows: z.array(
      z.object({
        row: z.number().int().describe('The line of the file (the header is line 1)'),
        probeId: z.string().optional(),
        problems: z.array(
          z.object({
            column: z.string().optional().describe('Absent when the whole row is at fault'),
            code: z.string(),
            message: z.string(),
            value: z.string().optional().describe('The value refused, when it is not in its allowed list'),
          }),
        ),
      }),
    ),
  }),
});

const columnList = probeCsvColumns.map(({ name, required }) => (required ? `${name}*` : name)).join(', ');
const description = `A UTF-8, comma-separated file whose header row names its columns, in any order: ${columnList} \
(* required). Campaign, task suite and tags are given by name (several tags separated by \`${NAME_SEPARATOR}\`); \
country, phoneExtension (its calling code), timeZone (IANA), technology (code or label), input (the access type: \
Ethernet, Wifi or Mobile), applyOperator, family, type and deployment must come from their allowed lists. Every row \
is checked first: when any has a problem, 422 \`csvImport.invalidRows\` lists every such row with its problems and \
nothing is imported. At most ${MAX_PROBE_ROWS.toLocaleString('en')} rows and ${MAX_PROBE_FILE_MB} MB. Send \`Idempotency-Key\` to make a retry import nothing twice.`;

/** Refuses, before anything is read, a body that is not a CSV file. */
async function refuseOtherFormats(request: FastifyRequest) {
  const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  const fileName = request.headers['x-file-name'];
  if (mediaType !== 'text/csv' || (typeof fileName === 'string' && !/\.csv$/i.test(fileName)))
    throw new DomainError('csvImport.invalidFileFormat', { details: { contentType: mediaType, fileName } });
}

const describeRows = (drafts: ProbeDraft[], language: Language) =>
  drafts.map(({ line, probeId, problems }) => ({
    row: line,
    ...(probeId ? { probeId } : {}),
    problems: problems.map(({ column, code, params, value }) => ({
      ...(column ? { column } : {}),
      code,
      message: translate(code, language, params),
      ...(value !== undefined ? { value } : {}),
    })),
  }));

/**
 * CSV import of probes (docs/product/rules.md#csv-import-of-probes): creates the probes of a CSV file, all of them or,
 * when any row is wrong, none.
 */
export const probeImportRoutes: FeatureRoutes = async (app, { service, entityOf, tag }) => {
  // Any other media type reaches the route as bytes (which the signature covers), to be refused as not a CSV file.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
    request.rawBody = body as Buffer;
    done(null, body);
  });

  app.post(
    '/import',
    {
      // The CSV reader refuses a cell holding forbidden characters itself, naming its column and line.
      config: { access: layerAccess(['probes_configuration']), checksOwnBodyText: true },
      bodyLimit: MAX_PROBE_FILE_MB * 1024 * 1024,
      preValidation: refuseOtherFormats,
      schema: {
        tags: [tag],
        summary: 'Import probes from a CSV file (text/csv body): all of them, or none when a row is wrong',
        description,
        consumes: ['text/csv'],
        headers: z
          .object({ 'x-file-name': z.string().optional().describe('The file name, which must end in .csv') })
          .loose(),
        body: z.string(),
        response: {
          201: z.object({
            imported: z.number().int(),
            probes: z.array(z.string()),
            position: logPositionSchema.optional(),
          }),
          400: errorResponse,
          413: errorResponse,
          422: rejectedRowsResponse,
          500: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const outcome = await importProbes(readProbeCsv(request.body), {
        probes: service,
        entityOf,
        viewer: request.viewer,
        metadataFor: (probeId) => commandMetadata(request, `${request.commandId}:import:${probeId}`),
      });
      if ('rejected' in outcome) {
        const rows = describeRows(outcome.rejected, pickLanguage(request.headers['accept-language']));
        throw new DomainError('csvImport.invalidRows', { params: { count: rows.length }, details: { rows } });
      }
      const { imported, position } = outcome;
      return reply.status(201).send({ imported: imported.length, probes: imported, ...(position ? { position } : {}) });
    },
  );
};
