import type { HttpErrorCode } from '@nq/contracts';
import { isTimedOut, type JobSnapshot } from '@nq/platform/jobs/job-queue-port';
import type { PlatformWorker } from '@nq/platform/platform';
import { fileRecords } from './file-records.ts';

/** Failed jobs looked at when the worker starts: failures told while no process listened. */
const RECENT_FAILURES = 200;

const fileIdOf = (payload: unknown) =>
  typeof payload === 'object' && payload !== null && typeof (payload as { fileId?: unknown }).fileId === 'string'
    ? (payload as { fileId: string }).fileId
    : undefined;

const errorCodeOf = (job: JobSnapshot): HttpErrorCode =>
  isTimedOut(job.error) ? 'files.generationTimedOut' : 'files.generationFailed';

/**
 * A file's job can fail for good without its handler recording it: the last run timed out, its worker died, or the
 * producer ignored its signal and was not waited for. The jobs port tells every job's final failure, in whichever
 * process; the file it was producing is then recorded failed (and its owner told), so it never stays in progress.
 */
export const fileJobFailures: PlatformWorker = {
  name: 'files-job-failures',
  runsIn: 'projector',
  async start(platform, options) {
    const records = fileRecords(platform);
    const settle = async (job: JobSnapshot) => {
      const fileId = fileIdOf(job.payload);
      if (job.state !== 'failed' || !fileId) return;
      try {
        await records.failed(fileId, job.id, errorCodeOf(job));
      } catch (error) {
        // Another process recording the same failure wins the append; only a file left in progress is a problem.
        const state = await records.load(fileId);
        if (state.record?.status === 'inProgress' && state.jobId === job.id)
          options.log?.warn({ err: error, job: job.id, fileId }, 'failed file job not recorded on its file');
      }
    };
    const told = (job: JobSnapshot) => void settle(job).catch(() => undefined);
    const unsubscribe = await platform.jobs.onChange(told);
    for (const job of await platform.jobs.list({ state: 'failed', limit: RECENT_FAILURES })) await settle(job);
    return { stop: unsubscribe };
  },
};
