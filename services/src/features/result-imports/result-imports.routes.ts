import { createHash, randomUUID } from 'node:crypto';
import { DomainError, type Language, pickLanguage, translate } from '@nq/contracts';
import { layerAccess } from '@nq/platform/http/access-rule';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { JobSnapshot } from '@nq/platform/jobs/job-queue-port';
import type { Platform } from '@nq/platform/platform';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type ImportReport,
  type ImportStatus,
  importRequestSchema,
  importStatusSchema,
  MAX_IMPORT_BYTES,
  maxImportMegabytes,
} from './import-request.ts';
import { failureOf, type ResultImportPayload, resultImportKind, uploadNameOf } from './result-import.job.ts';

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

function statusOf(job: JobSnapshot, language: Language): ImportStatus {
  const payload = job.payload as ResultImportPayload;
  const status: ImportStatus = {
    id: job.id,
    format: payload.format,
    ...(payload.from.kind === 'url' ? { url: payload.from.url } : {}),
    state: job.state,
    progress: job.progress,
    createdAt: job.createdAt.toISOString(),
    ...(job.finishedAt ? { finishedAt: job.finishedAt.toISOString() } : {}),
  };
  if (job.state === 'completed' && job.result) {
    const report = job.result as ImportReport;
    const refusals = report.refusals.map((refusal) => ({
      ...refusal,
      message: translate(refusal.code, language, refusal.params),
    }));
    return { ...status, report: { ...report, refusals } };
  }
  if (job.state === 'failed') {
    const { code, params } = failureOf(job.error);
    return { ...status, error: { code, message: translate(code, language, params), ...(params ? { params } : {}) } };
  }
  return status;
}

const description = `Imports results measured elsewhere — \`ripe-atlas\` (the RIPE Atlas results API's JSON or a daily \
dump's lines), \`ndt7\` (the ndt7 client's summary or M-Lab BigQuery rows), \`iperf3\` (\`iperf3 -J\`), \`ookla\` \
(\`speedtest --format=json\`) — as measurements: sent as \`text\` (at most ${maxImportMegabytes} MB) or downloaded \
from \`url\` (http or https, gzip or not, at most ${maxImportMegabytes} MB, within 60 s). Answers at once with the \
import, run by a job: follow it on \`GET /measurements/imports/{id}\`. The same result imported again is not stored \
twice. Send \`Idempotency-Key\` to make a retried request start no second import.`;

/** Imports of results measured elsewhere (docs/features/result-imports.md): started, then followed. */
export const resultImportRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
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
      const header = request.headers['idempotency-key'];
      const importId = importIdOf(viewer.userId, typeof header === 'string' ? header : undefined);
      const started = await platform.jobs.get(importId);
      if (started) return reply.status(202).send(statusOf(started, language));
      let from: ResultImportPayload['from'] = { kind: 'url', url: url! };
      if (text !== undefined) {
        const upload = platform.files.write(uploadNameOf(importId));
        upload.stream.end(text);
        await upload.commit();
        from = { kind: 'upload', file: uploadNameOf(importId) };
      }
      const job = await platform.jobs.enqueue(
        resultImportKind,
        { importId, format, from, options, userId: viewer.userId, profileId: viewer.profileId },
        { jobId: importId },
      );
      return reply.status(202).send(statusOf(job, language));
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
      const job = idPattern.test(id) ? await platform.jobs.get(id) : undefined;
      // Another profile's import does not exist for the caller.
      const payload = job?.payload as ResultImportPayload | undefined;
      if (!job || job.kind !== resultImportKind.name || payload?.profileId !== request.viewer.profileId)
        throw new DomainError('resultImports.notFound', { details: { id } });
      return statusOf(job, pickLanguage(request.headers['accept-language']));
    },
  );
};
