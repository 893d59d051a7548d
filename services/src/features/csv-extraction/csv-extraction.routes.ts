import { createHash } from 'node:crypto';
import {
  csvExtractionAnswerSchema,
  csvExtractionRequestSchema,
  csvScopeParamsSchema,
  reproduceAsOfSchema,
} from '@nq/contracts';
import type { EntityCatalog } from '@nq/platform/entities/entity-catalog';
import { layerAccess } from '@nq/platform/http/access-rule';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type ConfigurationHistory,
  configurationNarrowingNamer,
  programsScopeOf,
  reproducibleProfile,
  withNamedNarrowing,
} from '../analytics/index.ts';
import { admitCsvTemplateColumns, admitCsvTemplateService } from '../csv-templates/index.ts';
import type { FileRecords } from '../files/index.ts';
import { csvOptionsOf, languageOf } from '../measurements-api/index.ts';
import { csvExtractionKind } from './csv-extraction.job.ts';
import { csvExtractionSelection } from './csv-extraction-selection.ts';
import { type CsvTemplateSources, extractionColumns } from './csv-extraction-template.ts';

export type CsvExtractionRouteOptions = CsvTemplateSources & {
  files: FileRecords;
  readStore: ReadStore;
  entities: EntityCatalog;
  history: ConfigurationHistory;
};

/** A retried request (same Idempotency-Key, same user) names the same file, so it queues nothing twice. */
const fileIdOf = (userId: string, idempotencyKey: string | undefined) =>
  idempotencyKey === undefined
    ? undefined
    : `file-${createHash('sha256').update(`csv-extraction\n${userId}\n${idempotencyKey}`).digest('hex').slice(0, 32)}`;

/** `extraction-mobile-2026-11-25.csv`: the service and the day it was asked for, in the profile's time zone. */
const fileNameOf = (service: string, timeZone: string, now: Date) =>
  `extraction-${service}-${new Intl.DateTimeFormat('en-CA', { timeZone }).format(now)}.csv`;

/**
 * CSV `POST /api/types/{service}/programs/{programs}/csv` (docs/product/api.md#csv-templates): asks for the extraction
 * of the measurements the profile sees for these programs and filters, in a template's columns: a File record (files
 * management) whose job writes the CSV, as `csv` asks (else as the caller's language has it). What cannot be extracted (a service, program or template not the profile's,
 * programs without targets) is refused here, before anything is queued. A CSV has no room for prose its parsers would
 * not trip on: what the profile narrows the extraction by goes on the File record (listed with the file, and in its
 * e-mail). The data is pinned when asked (docs: reproducing a published number): the file holds the measurements
 * received until the request's `receivedUntil` (default: the moment it is asked), as the profile saw them at the
 * configuration position `?asOf=` (default: the log's head), however late its job runs; the File record names both,
 * and asking again with them writes the same rows.
 */
export const csvExtractionRoutes: FastifyPluginAsyncZod<CsvExtractionRouteOptions> = async (app, options) => {
  const { files } = options;
  const narrowingNames = configurationNarrowingNamer(options);
  app.post(
    '/api/types/:service/programs/:programs/csv',
    {
      config: { access: layerAccess(['csv_extractor']) },
      schema: {
        tags: ['CSV templates'],
        summary: 'Extract the measurements of programs as CSV in a template’s columns: a file made by a job',
        params: csvScopeParamsSchema,
        body: csvExtractionRequestSchema.prefault({}),
        querystring: z.object({
          asOf: reproduceAsOfSchema.optional(),
        }),
        response: {
          202: csvExtractionAnswerSchema,
          400: errorResponse,
          404: errorResponse,
          422: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { service, programs } = request.params;
      const { templateId, csv, ...asked } = request.body;
      const { viewer } = request;
      admitCsvTemplateService(viewer.profile, service);
      admitCsvTemplateColumns(
        viewer.profile,
        programs.map((program) => ({ program, field: 'program', operation: 'value' })),
      );
      // Pinned now: the data as received until this moment, the profile at this configuration position.
      const receivedUntil = asked.receivedUntil ?? new Date().toISOString();
      const { profile, asOf } = await reproducibleProfile(
        options.history,
        viewer,
        (seen) => programsScopeOf(seen, programs).scope,
        request.query.asOf,
      );
      const extraction = { service, programs, filters: { ...asked, receivedUntil } };
      const { narrowedBy } = await withNamedNarrowing(
        csvExtractionSelection(profile, extraction),
        narrowingNames,
        viewer,
      );
      const columns = await extractionColumns(options, profile, extraction, templateId, languageOf(request), asOf);
      const header = request.headers['idempotency-key'];
      const fileId = fileIdOf(viewer.userId, typeof header === 'string' ? header : undefined);
      const { file } = await files.request({
        service: 'csvExtractor',
        owner: { userId: viewer.userId, profileId: viewer.profileId },
        name: fileNameOf(service, viewer.profile.timeZone, new Date()),
        jobKind: csvExtractionKind,
        // How the file is written, resolved now (the caller's language and profile's time zone): a retry writes it alike.
        payload: {
          ...extraction,
          columns,
          csv: csvOptionsOf(request, csv),
          asOf,
          userId: viewer.userId,
          profileId: viewer.profileId,
        },
        ...(fileId ? { fileId } : {}),
        ...(narrowedBy ? { narrowedBy } : {}),
        reproduce: { asOf, receivedUntil },
      });
      return reply.status(202).send({ file });
    },
  );
};
