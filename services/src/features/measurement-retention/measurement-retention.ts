import type { JobKind } from '@nq/platform/jobs/job-queue-port';
import { type PlatformWorker, platformJob } from '@nq/platform/platform';
import { z } from 'zod';

const CHECK_EVERY_MS = 6 * 3_600_000;

export const measurementRetentionKind: JobKind<Record<string, never>> = {
  name: 'measurement-retention',
  payload: z.object({}).strict(),
  concurrency: 1,
  retry: { attempts: 3, backoffMs: 60_000 },
  timeoutMs: 30 * 60_000,
};

/** The oldest month kept (`YYYY-MM`, UTC): the current one and the `months` before it are kept whole. */
export function firstMonthKept(now: Date, months: number): string {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  return first.toISOString().slice(0, 7);
}

/**
 * MEASUREMENT_RETENTION_MONTHS: the distribution has no index lifecycle management, so the platform itself deletes
 * the measurements of the months before the first one kept (monthly indices, or rows of the SQL store).
 */
export const measurementRetentionJob = platformJob(measurementRetentionKind, (platform) => async () => {
  const months = platform.config.measurements.retentionMonths;
  if (months === undefined) return { months: [], measurements: 0 };
  return platform.measurements.deleteMonthsBefore(firstMonthKept(new Date(), months));
});

/** Enqueues the retention job once a day when a retention is configured (the day in its id: enqueued once). */
export const measurementRetentionSchedule: PlatformWorker = {
  name: 'measurement-retention-schedule',
  runsIn: 'projector',
  async start(platform, options) {
    if (platform.config.measurements.retentionMonths === undefined) return { stop: async () => {} };
    const enqueue = () =>
      platform.jobs
        .enqueue(
          measurementRetentionKind,
          {},
          { jobId: `measurement-retention-${new Date().toISOString().slice(0, 10)}` },
        )
        .catch((error: unknown) => options.log?.warn({ err: error }, 'measurement retention not enqueued'));
    await enqueue();
    const timer = setInterval(enqueue, CHECK_EVERY_MS);
    timer.unref();
    return { stop: async () => clearInterval(timer) };
  },
};
