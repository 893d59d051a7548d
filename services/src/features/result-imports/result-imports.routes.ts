import { createHash, randomUUID } from 'node:crypto';
import {
  DomainError,
  importListQuerySchema,
  importListSchema,
  importRequestSchema,
  importStatusSchema,
  MAX_IMPORT_BYTES,
  maxImportMegabytes,
  pickLanguage,
} from '@nq/contracts';
import { layerAccess } from '@nq/platform/http/access-rule';
import { addressPolicy, refusedHost } from '@nq/platform/http/address-policy';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { JobSnapshot } from '@nq/platform/jobs/job-queue-port';
import type { Platform } from '@nq/platform/platform';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ImportRecord, type ImportRecords, importRecordsOn } from './import-records.ts';
import { importView, outcomeOf, statusOf, summaryOf } from './import-status.ts';
import { type ResultImportPayload, resultImportKind, uploadNameOf } from './result-import.job.ts';

/** Imports create the probes their results name: the probes' screen manages them. */
const access = layerAccess(['probes_configuration']);
const tags = ['Measurement imports'];
const idPattern = /^result-import-[0-9a-f-]{1,64}$/;

/** A retried request (same Idempotency-Key, same user) names the same import, so it queues nothing twice. */
const importIdOf = (userId: string, idempotencyKey: string | undefined) =>
  `result-import-${
    idempotencyKey === undefined
      ? randomUUID()
      : createHash('sha256').update(`result-import\n${userId}\n${idempotencyKey}`).digest('hex').slice(0, 32)
  }`;

const recordOf = (job: JobSnapshot): Omit<ImportRecord, 'outcome'> => {
  const payload = job.payload as ResultImportPayload;
  return {
    id: job.id,
    profileId: payload.profileId,
    userId: payload.userId,
    format: payload.format,
    ...(payload.from.kind === 'url' ? { url: payload.from.url } : {}),
    createdAt: job.createdAt.toISOString(),
  };
};

/** The import's job, while the queue has it. */
async function jobOf(platform: Platform, id: string) {
  const job = idPattern.test(id) ? await platform.jobs.get(id) : undefined;
  return job?.kind === resultImportKind.name ? job : undefined;
}

/** The record and the job of an import: a job that has ended leaves its outcome with the record, once. */
async function settled(records: ImportRecords, record: ImportRecord | undefined, job: JobSnapshot | undefined) {
  const outcome = job && record && !record.outcome ? outcomeOf(job) : undefined;
  if (!outcome || !record) return record;
  await records.end(record.id, outcome);
  return { ...record, outcome };
}

const description = `Imports results measured elsewhere — \`ripe-atlas\` (the RIPE Atlas results API's JSON or a daily \
dump's lines), \`ndt7\` (the ndt7 client's summary or M-Lab BigQuery rows), \`iperf3\` (\`iperf3 -J\`), \`ookla\` \
(\`speedtest --format=json\`) — as measurements: sent as \`text\` (at most ${maxImportMegabytes} MB) or downloaded \
from \`url\` (a public http or https address, gzip or not, at most ${maxImportMegabytes} MB, within 60 s; an address \
of the platform's own network — loopback, private, link-local… — is refused, \`resultImports.urlNotAllowed\`, and so is \
a redirect there). Answers at once with the import, run by a job: follow it on \`GET /measurements/imports/{id}\`. The \
same result imported again is not stored twice. Send \`Idempotency-Key\` to make a retried request start no second \
import.`;

/** Imports of results measured elsewhere (docs/features/result-imports.md): started, listed, followed. */
export const resultImportRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  const records = await importRecordsOn(platform.sql);
  const policy = addressPolicy(platform.config.imports.allowPrivateUrls);

  app.post(
    '/measurements/imports',
    {
      config: { access },
      // The file's text inside JSON: its quotes and line ends escaped take up to twice its size.
      bodyLimit: 2 * MAX_IMPORT_BYTES + 64 * 1024,
      schema: {
        tags,
        summary: 'Import results measured elsewhere (RIPE Atlas, ndt7, iperf3, Ookla) from a file or an address',
        description,
        body: importRequestSchema,
        response: { 202: importStatusSchema, 400: errorResponse, 413: errorResponse },
      },
    },
    async (request, reply) => {
      const { format, url, text, ...options } = request.body;
      const { viewer } = request;
      const language = pickLanguage(request.headers['accept-language']);
      if (text !== undefined && Buffer.byteLength(text) > MAX_IMPORT_BYTES)
        throw new DomainError('resultImports.tooLarge', { params: { limit: maxImportMegabytes } });
      // Told now rather than by a failed import; the download checks again the addresses it connects to.
      const refused = url === undefined ? undefined : await refusedHost(new URL(url), policy);
      if (url !== undefined && refused)
        throw new DomainError('resultImports.urlNotAllowed', { params: { url, reason: refused } });
      const header = request.headers['idempotency-key'];
      const importId = importIdOf(viewer.userId, typeof header === 'string' ? header : undefined);
      let job = await platform.jobs.get(importId);
      if (!job) {
        let from: ResultImportPayload['from'] = { kind: 'url', url: url! };
        if (text !== undefined) {
          const upload = platform.files.write(uploadNameOf(importId));
          upload.stream.end(text);
          await upload.commit();
          from = { kind: 'upload', file: uploadNameOf(importId) };
        }
        job = await platform.jobs.enqueue(
          resultImportKind,
          { importId, format, from, options, userId: viewer.userId, profileId: viewer.profileId },
          { jobId: importId },
        );
      }
      // Recorded again on a retried request: a first request that failed here has its import listed all the same.
      await records.record(recordOf(job));
      return reply.status(202).send(statusOf(importView(undefined, job)!, language));
    },
  );

  app.get(
    '/measurements/imports',
    {
      config: { access },
      schema: {
        tags,
        summary: "Your profile's imports of results, newest first, paged: each one's state and report figures",
        description:
          'The report of each import is given without its refusals (up to 500 each): `GET /measurements/imports/{id}` ' +
          'has them, with their messages.',
        querystring: importListQuerySchema,
        response: { 200: importListSchema, 400: errorResponse },
      },
    },
    async (request) => {
      const language = pickLanguage(request.headers['accept-language']);
      const { records: page, count } = await records.page(request.viewer.profileId, request.query);
      const list = await Promise.all(
        page.map(async (stored) => {
          const job = stored.outcome ? undefined : await jobOf(platform, stored.id);
          return summaryOf(importView(await settled(records, stored, job), job)!, language);
        }),
      );
      return { list, count, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  app.get(
    '/measurements/imports/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'An import of results: its state, the results read so far, then its report or why it failed',
        params: z.object({ id: z.string().max(200) }),
        response: { 200: importStatusSchema, 404: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { profileId } = request.viewer;
      const stored = idPattern.test(id) ? await records.get(id) : undefined;
      const job = stored?.outcome ? undefined : await jobOf(platform, id);
      // Another profile's import does not exist for the caller.
      const owner = stored?.profileId ?? (job?.payload as ResultImportPayload | undefined)?.profileId;
      const view = owner === profileId ? importView(await settled(records, stored, job), job) : undefined;
      if (!view) throw new DomainError('resultImports.notFound', { details: { id } });
      return statusOf(view, pickLanguage(request.headers['accept-language']));
    },
  );
};
