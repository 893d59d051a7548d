import type { JobKind } from '@nq/platform/jobs/job-queue-port';
import { type PlatformWorker, platformJob } from '@nq/platform/platform';
import { z } from 'zod';
import { fileRecords } from './file-records.ts';

const BATCH = 200;
const DAY_MS = 86_400_000;
const CHECK_EVERY_MS = 6 * 3_600_000;

export const fileRetentionKind: JobKind<Record<string, never>> = {
  name: 'files-retention',
  payload: z.object({}).strict(),
  concurrency: 1,
  retry: { attempts: 3, backoffMs: 60_000 },
  timeoutMs: 30 * 60_000,
};

/**
 * Retention (docs/product/states.md#files): files created more than `FILES_RETENTION_DAYS` ago are deleted from the
 * file store and recorded deleted (listed only when deleted files are shown); temporary files a dead writer left are
 * swept too.
 */
export const fileRetentionJob = platformJob(fileRetentionKind, (platform) => {
  const records = fileRecords(platform);
  return async (_payload, job) => {
    const before = new Date(Date.now() - platform.config.files.retentionMs);
    let deleted = 0;
    for (;;) {
      const ids = await records.createdBefore(before, BATCH);
      if (!ids.length || job.signal.aborted) break;
      for (const id of ids) {
        const done = await records.delete(id);
        if (!done) continue;
        if (done.path) await platform.files.delete(done.path);
        deleted++;
        // The next batch is read from the list: it must no longer hold this one.
        if (id === ids.at(-1)) await records.shown(done.position);
      }
      await job.reportProgress({ rows: deleted });
      if (ids.length < BATCH) break;
    }
    const swept = await platform.files.sweepTemporary(DAY_MS);
    return { deleted, swept };
  };
});

/** Enqueues the retention job once a day (the day in its id: several processes enqueue it once). */
export const fileRetentionSchedule: PlatformWorker = {
  name: 'files-retention-schedule',
  runsIn: 'projector',
  async start(platform, options) {
    const enqueue = () =>
      platform.jobs
        .enqueue(fileRetentionKind, {}, { jobId: `files-retention-${new Date().toISOString().slice(0, 10)}` })
        .catch((error: unknown) => options.log?.warn({ err: error }, 'files retention not enqueued'));
    await enqueue();
    const timer = setInterval(enqueue, CHECK_EVERY_MS);
    timer.unref();
    return { stop: async () => clearInterval(timer) };
  },
};
