import {
  DomainError,
  type HttpErrorCode,
  importFormatSchema,
  importOptionsSchema,
  type MessageParams,
  type Profile,
} from '@nq/contracts';
import { jobViewer } from '@nq/platform/access/viewer';
import type { FileStore } from '@nq/platform/files/file-store';
import { addressPolicy } from '@nq/platform/http/address-policy';
import { type JobKind, PermanentJobFailure } from '@nq/platform/jobs/job-queue-port';
import { type Platform, platformJob } from '@nq/platform/platform';
import { z } from 'zod';
import { downloadImportFile } from './import-download.ts';
import { textOf } from './import-file.ts';
import { type ImportOutcome, importRecordsOn } from './import-records.ts';
import { runImport } from './run-import.ts';

export const resultImportPayloadSchema = z.object({
  importId: z.string(),
  format: importFormatSchema,
  /** The file the request sent (kept in the file store until the import ends), or the address to download it from. */
  from: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('upload'), file: z.string() }),
    z.object({ kind: z.literal('url'), url: z.string() }),
  ]),
  options: importOptionsSchema,
  /** Who asked: the probes it creates are their profile's, and it uses only probes that profile sees. */
  userId: z.string(),
  profileId: z.string(),
});
export type ResultImportPayload = z.output<typeof resultImportPayloadSchema>;

export const resultImportKind: JobKind<ResultImportPayload> = {
  name: 'result-import',
  payload: resultImportPayloadSchema,
  concurrency: 2,
  retry: { attempts: 3, backoffMs: 10_000 },
  timeoutMs: 30 * 60_000,
};

/** The file a request sent, as the file store keeps it for its import. */
export const uploadNameOf = (importId: string) => `${importId}.upload`;

const failureSchema = z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) });

/**
 * A job's error is text: a refusal the user can act on (a file too large, an address that does not answer) is kept
 * as its catalogue code and params, to be answered in the reader's language; anything else reads as an internal
 * failure.
 */
export function failureOf(error: string | undefined): { code: HttpErrorCode; params?: MessageParams } {
  try {
    const failure = failureSchema.parse(JSON.parse(error ?? ''));
    return failure as { code: HttpErrorCode; params: MessageParams };
  } catch {
    return { code: 'resultImports.failed' };
  }
}

const failureText = (error: DomainError) => JSON.stringify({ code: error.code, params: error.params });

async function profileOf(platform: Platform, profileId: string): Promise<Profile> {
  const { state } = await platform.entities.service('profile').load(profileId);
  if (state.status !== 'active') throw new PermanentJobFailure(`profile ${profileId} no longer exists`);
  return { ...(state.fields as Profile), id: state.id };
}

async function readUpload(files: FileStore, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of files.open(name)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Job kind `result-import`: one import (`POST /measurements/imports`), its progress the results read so far, its
 * result the import's report. What the user must mend (the file, the address, the probe) fails it at once, with the
 * reason; anything else is tried again, which sends nothing twice.
 */
export const resultImportJob = platformJob(resultImportKind, (platform) => async (payload, job) => {
  const { importId, from } = payload;
  const forgetUpload = async () => {
    if (from.kind === 'upload') await platform.files.delete(from.file);
  };
  // Kept with the import's record for when the queue has forgotten the job; should this write fail, the routes keep
  // the outcome from the job when they next read it, so the import itself does not fail for it.
  const keep = (outcome: Omit<ImportOutcome, 'finishedAt'>) =>
    importRecordsOn(platform.sql)
      .then((records) => records.end(importId, { ...outcome, finishedAt: new Date().toISOString() }))
      .catch(() => undefined);
  try {
    const profile = await profileOf(platform, payload.profileId);
    const bytes =
      from.kind === 'upload'
        ? await readUpload(platform.files, from.file)
        : await downloadImportFile(from.url, {
            policy: addressPolicy(platform.config.imports.allowPrivateUrls),
            signal: job.signal,
          });
    const report = await runImport(platform, {
      importId,
      format: payload.format,
      text: textOf(bytes),
      options: payload.options,
      actor: { userId: payload.userId, profileId: payload.profileId },
      viewer: jobViewer({ userId: payload.userId, profile, jobId: job.id }),
      signal: job.signal,
      onProgress: (progress) => job.reportProgress(progress),
    });
    await forgetUpload();
    await keep({ state: 'completed', report });
    return report;
  } catch (error) {
    if (!(error instanceof DomainError) || error.status >= 500) throw error;
    await forgetUpload();
    await keep({ state: 'failed', error: { code: error.code, params: error.params } });
    throw new PermanentJobFailure(failureText(error));
  }
});
