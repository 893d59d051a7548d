import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@nq/platform/testing/free-port';
import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliProcess, probe } from '../testing/cli-process.ts';

type Answer = NonNullable<Awaited<ReturnType<typeof probe>>>;

/** Every /ready answer from the first one (the process starting) to the first 200. */
async function readinessUntilReady(port: number, timeoutMs: number) {
  const answers: Answer[] = [];
  await waitFor(
    '/ready to answer 200',
    async () => {
      const answer = await probe(port, '/ready');
      if (answer) answers.push(answer);
      return answer?.status === 200;
    },
    timeoutMs,
  );
  return answers;
}

const componentsOf = (answer: Answer) => answer.json?.components as { name: string; state: string }[];

describe('worker processes answer /health and /ready on HEALTH_PORT', { timeout: 240_000 }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const environment = (overrides: Record<string, string>) =>
    distributedEnvironment(database, {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'nq-worker-health-')),
      LOG_LEVEL: 'warn',
      ...overrides,
    });

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('ingest: starting until each consumer has joined its group and knows its lag, then ready; metrics on METRICS_PORT', async () => {
    const [healthPort, metricsPort] = [await freePort(), await freePort()];
    const ingest = cliProcess(
      ['ingest'],
      environment({ HEALTH_PORT: String(healthPort), METRICS_PORT: String(metricsPort) }),
    );
    try {
      const answers = await readinessUntilReady(healthPort, 120_000);
      const [first, ...rest] = answers;
      // It answers from its first moments, before it has opened anything.
      expect(first).toMatchObject({ status: 503, json: { status: 'starting' } });
      for (const answer of rest.slice(0, -1))
        expect(answer).toMatchObject({ status: 503, json: { status: 'starting' } });
      expect(
        answers.some((answer) =>
          componentsOf(answer).some(
            (component) => component.name === 'ingest-worker' && component.state === 'starting',
          ),
        ),
        'the ingest consumer seen starting before its assignment',
      ).toBe(true);
      expect(answers.at(-1)!.json).toEqual({
        status: 'ready',
        components: expect.arrayContaining([
          { name: 'ingest-worker', state: 'ready', lag: expect.any(Number) },
          { name: 'probe-status-worker', state: 'ready', lag: expect.any(Number) },
        ]),
      });
      expect(await probe(healthPort, '/health')).toMatchObject({ status: 200, json: { status: 'alive' } });

      const metrics = await probe(metricsPort, '/metrics');
      expect(metrics?.status).toBe(200);
      expect(metrics?.text).toContain('nq_log_consumer_up{worker="ingest-worker"');
      expect(metrics?.text).toContain('nq_log_consumer_up{worker="probe-status-worker"');
      expect(metrics?.text).toContain('# TYPE nq_log_consumer_lag_records gauge');
      expect(metrics?.text).toContain('# TYPE nq_ingest_measurements_total counter'); // dead letters by reason
      expect(metrics?.text).toContain('# TYPE nq_jobs gauge');
      expect((await probe(healthPort, '/metrics'))?.status).toBe(404);
    } finally {
      expect(await ingest.stop()).toBe(0);
    }
  });

  it('jobs: ready once its workers reach the queue, with the queued jobs as its lag (both on one port)', async () => {
    const port = await freePort();
    const jobs = cliProcess(['jobs'], environment({ HEALTH_PORT: String(port), METRICS_PORT: String(port) }));
    try {
      const answers = await readinessUntilReady(port, 120_000);
      expect(answers[0]).toMatchObject({ status: 503, json: { status: 'starting' } });
      expect(answers.at(-1)!.json).toEqual({
        status: 'ready',
        components: [{ name: 'jobs-worker', state: 'ready', lag: expect.any(Number) }],
      });
      expect((await probe(port, '/health'))?.status).toBe(200);
      expect((await probe(port, '/metrics'))?.text).toContain('# TYPE nq_job_worker_running gauge');
    } finally {
      expect(await jobs.stop()).toBe(0);
    }
  });
});
