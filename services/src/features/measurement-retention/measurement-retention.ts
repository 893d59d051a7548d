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

/**
 * MEASUREMENT_RETENTION_MONTHS: the measurements of the months before the first one kept are deleted, by the store
 * (rows of the SQL store, monthly indices where Elasticsearch has no index lifecycle management) or, where it has,
 * by Elasticsearch's own lifecycle, each monthly index given the instant its month falls out.
 */
export const measurementRetentionJob = platformJob(measurementRetentionKind, (platform) => async () => {
  const months = platform.config.measurements.retentionMonths;
  if (months === undefined) return { months: [], measurements: 0 };
  return platform.measurements.applyRetention(months, new Date());
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
