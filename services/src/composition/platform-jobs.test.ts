import { loadConfig } from '@nq/platform/config/config';
import type { JobKind } from '@nq/platform/jobs/job-queue-port';
import { openPlatform, platformJob } from '@nq/platform/platform';
import { waitFor } from '@nq/platform/testing/wait-for';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { platformRuns } from './platform-runs.ts';

const tallyJob: JobKind<{ rows: number }> = {
  name: 'tally',
  payload: z.object({ rows: z.number().int() }),
  concurrency: 1,
  retry: { attempts: 2, backoffMs: 10 },
};

describe('the platform runs the job kinds the features declare', { timeout: 60_000 }, () => {
  it('enqueues from any process, runs them with the platform in hand and reports them on /ready and /metrics', async () => {
    const platform = await openPlatform(
      loadConfig({ DEMO_DATA: 'false' }),
      {
        ...platformRuns,
        jobs: [
          platformJob(tallyJob, (running) => async ({ rows }, job) => {
            const [row] = await running.sql.query<{ total: number }>('select $1::int * 2 as total', [rows]);
            await job.reportProgress({ percent: 100, rows });
            return { total: row?.total };
          }),
        ],
      },
      { inMemory: true },
    );
    try {
      expect(platform.dependencies.map((dependency) => dependency.name)).toContain('jobs');
      await platform.jobs.enqueue(tallyJob, { rows: 21 }, { jobId: 'tally-1' });
      const stop = await platform.startJobWorkers({ log: { warn: () => undefined, error: () => undefined } });
      try {
        await waitFor('the job to complete', async () => (await platform.jobs.get('tally-1'))?.state === 'completed');
        expect(await platform.jobs.get('tally-1')).toMatchObject({ result: { total: 42 }, progress: { rows: 21 } });
        const worker = platform.dependencies.find((dependency) => dependency.name === 'jobs-worker');
        expect(worker?.adapter).toBe('embedded');
        await expect(worker?.check()).resolves.toBeUndefined();
        const metrics = await platform.metrics.metrics();
        expect(metrics).toContain('nq_jobs{kind="tally",state="completed"} 1');
        expect(metrics).toContain('nq_jobs{kind="tally",state="queued"} 0');
        expect(metrics).toContain('nq_job_runs_total{kind="tally",outcome="completed"} 1');
        expect(metrics).toContain('nq_job_run_duration_seconds_count{kind="tally",outcome="completed"} 1');
      } finally {
        await stop();
      }
      expect(platform.dependencies.map((dependency) => dependency.name)).not.toContain('jobs-worker');
    } finally {
      await platform.close();
    }
  });
});
