import type { Writable } from 'node:stream';
import { type CatalogueWarning, DomainError, type HttpErrorCode } from '@nq/contracts';
import { isDependencyUnavailable } from '@nq/platform/dependency-unavailable';
import { type JobKind, type JobProgress, PermanentJobFailure } from '@nq/platform/jobs/job-queue-port';
import { type Platform, type PlatformJob, platformJob } from '@nq/platform/platform';
import { type FileJobPayload, fileRecords } from './file-records.ts';

/** What a job producing a file writes to and tells. */
export interface FileOutput {
  /** The file's content goes here; the helper commits it when the producer resolves. */
  stream: Writable;
  /** How far it has come: told to the job at once, recorded on the file every tenth or so. */
  progress(progress: JobProgress): Promise<void>;
  /** Fires when the job is cancelled, times out or its worker stops: stop writing soon after. */
  signal: AbortSignal;
  fileName: string;
  /** Runs the file has had, this one included (1, then one more per retry). */
  fileAttempts: number;
}

/** What a producer may tell of the content it wrote, recorded on the file once it is ready. */
export interface FileProduced {
  warnings?: CatalogueWarning[];
}

export type FileProducer<Payload> = (payload: Payload, output: FileOutput) => Promise<void> | Promise<FileProduced>;

const RECORD_EVERY_MS = 10_000;
const RECORD_EVERY_PERCENT = 10;

/** The name a file's content has in the file store: its id, and its extension so a reader knows what it holds. */
export const storedNameOf = (fileId: string, name: string) => {
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1];
  return extension ? `${fileId}.${extension.toLowerCase()}` : fileId;
};

const errorCodeOf = (error: unknown): HttpErrorCode =>
  error instanceof DomainError ? error.code : 'files.generationFailed';

/**
 * A job kind that produces a File record's content: `produce` writes it to `output.stream` (through the file store,
 * under a temporary name); when it resolves the file is renamed into place and recorded ready; when it throws on the
 * last attempt (or with `PermanentJobFailure`, or a `DomainError` whose code is then the file's error) the file is
 * recorded failed. A run of a job the file no longer waits for (retried since) records nothing.
 */
export function fileJob<Payload extends FileJobPayload>(
  kind: JobKind<Payload>,
  producer: (platform: Platform) => FileProducer<Payload>,
): PlatformJob {
  return platformJob(kind, (platform) => {
    const records = fileRecords(platform);
    const produce = producer(platform);
    return async (payload, job) => {
      const state = await records.load(payload.fileId);
      if (!state.record) throw new PermanentJobFailure(`file ${payload.fileId} does not exist`);
      if (state.record.status !== 'inProgress' || state.jobId !== job.id) {
        if (records.endedBy(state, job.id)) await records.tellOwner(state);
        return { fileId: payload.fileId, skipped: true };
      }
      const path = storedNameOf(payload.fileId, state.record.name);
      const write = platform.files.write(path);
      let recorded = { percent: -RECORD_EVERY_PERCENT, at: Date.now() };
      const output: FileOutput = {
        stream: write.stream,
        signal: job.signal,
        fileName: state.record.name,
        fileAttempts: state.record.attempts,
        async progress(progress) {
          await job.reportProgress(progress);
          const percent = progress.percent ?? recorded.percent;
          if (percent - recorded.percent >= RECORD_EVERY_PERCENT || Date.now() - recorded.at >= RECORD_EVERY_MS) {
            recorded = { percent, at: Date.now() };
            await records.progressed(payload.fileId, job.id, progress);
          }
        },
      };
      let produced: Awaited<ReturnType<FileProducer<Payload>>>;
      try {
        produced = await produce(payload, output);
        if (job.signal.aborted) throw job.signal.reason ?? new Error('aborted');
      } catch (error) {
        await write.abort();
        // A dependency down or recovering: the run is released, to run again once it is back (not an attempt).
        if (isDependencyUnavailable(error)) throw error;
        const final =
          error instanceof PermanentJobFailure || error instanceof DomainError || job.attempt >= kind.retry.attempts;
        if (final && !job.signal.aborted) await records.failed(payload.fileId, job.id, errorCodeOf(error));
        throw error instanceof DomainError ? new PermanentJobFailure(`${error.code}: ${error.message}`) : error;
      }
      const { size } = await write.commit();
      await job.reportProgress({ percent: 100 });
      const warnings = (produced ? produced.warnings : undefined) ?? [];
      await records.ready(payload.fileId, job.id, { size, path, ...(warnings.length > 0 ? { warnings } : {}) });
      return { fileId: payload.fileId, size };
    };
  });
}
