import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { countRun } from './jobs-health.ts';

describe('job runs on /metrics', () => {
  it('counts each ended run and observes how long it took, by kind and outcome', async () => {
    const metrics = new Registry();
    countRun(metrics, 'csv-extraction', 'completed', 0.3);
    countRun(metrics, 'csv-extraction', 'completed', 4);
    countRun(metrics, 'csv-extraction', 'failed', 40);
    const text = await metrics.metrics();
    expect(text).toContain('nq_job_runs_total{kind="csv-extraction",outcome="completed"} 2');
    expect(text).toContain('nq_job_run_duration_seconds_count{kind="csv-extraction",outcome="completed"} 2');
    expect(text).toContain('nq_job_run_duration_seconds_sum{kind="csv-extraction",outcome="completed"} 4.3');
    expect(text).toContain('nq_job_run_duration_seconds_bucket{le="0.5",kind="csv-extraction",outcome="completed"} 1');
    expect(text).toContain('nq_job_run_duration_seconds_bucket{le="30",kind="csv-extraction",outcome="failed"} 0');
    expect(text).toContain('nq_job_run_duration_seconds_count{kind="csv-extraction",outcome="failed"} 1');
  });
});
