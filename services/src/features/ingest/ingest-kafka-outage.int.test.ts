import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@nq/platform/testing/free-port';
import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { sleep, waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrivateKafka, startPrivateKafka } from '../../testing/private-kafka.ts';
import { sampleResult } from '../../testing/sample-result.ts';
import { type SignedClient, signedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

// The test command's short form: longer than the consumers' session (10 s) and heartbeat stall timeouts, so that
// every way a consumer loses its group is taken. `npm run test:kafka-outage` runs the long form (two minutes, past the
// rebalance timeout too).
const outageMs = Number(process.env.NQ_KAFKA_OUTAGE_SECONDS ?? 25) * 1_000;

const result = (probeId: string) => sampleResult(probeId);

/** Another platform process (`nq start`) on the same broker, database and indices: its workers share the groups. */
function startPlatformProcess(environment: Record<string, string>, port: number) {
  const consoleDir = mkdtempSync(join(tmpdir(), 'nq-console-'));
  writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
  const child = spawn(process.execPath, [join(import.meta.dirname, '../../cli.ts'), 'start'], {
    env: { PATH: process.env.PATH, ...environment, PORT: String(port), CONSOLE_DIR: consoleDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exit = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => output, exit };
}

/**
 * Kafka stopped (25 s; `outageMs`) while a probe keeps sending (a broker of this test's own: the shared one stays up). Nothing
 * is restarted but the broker: every result the gateway accepted reaches the measurements index, the workers say
 * while they cannot consume, and a process told to stop during the outage stops cleanly.
 */
describe('ingestion across a Kafka outage', { timeout: 360_000 + outageMs }, () => {
  let kafka: PrivateKafka;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let environment: Record<string, string>;
  let api: TestApi;
  let probe: SignedClient;
  let other: ReturnType<typeof startPlatformProcess> | undefined;
  const probeId = `outage${Date.now().toString(36)}`;

  beforeAll(async () => {
    [kafka, database] = await Promise.all([startPrivateKafka('outage'), createTestDatabase()]);
    environment = distributedEnvironment(database, { KAFKA_BROKERS: kafka.brokers.join(',') });
    api = await openTestApi(environment);
    probe = signedClient(api.raw, await api.enrolProbe(probeId, 'Outage probe'));
    const port = await freePort();
    other = startPlatformProcess(environment, port);
    await waitFor(
      'the other platform process to be ready',
      async () => (await fetch(`http://127.0.0.1:${port}/ready`).catch(() => undefined))?.status === 200,
      90_000,
    );
  }, 240_000);

  afterAll(async () => {
    other?.child.kill('SIGKILL');
    await api?.raw.close();
    await kafka?.destroy();
    await database?.drop();
  });

  const workersOf = (ready: { details?: { dependencies: { name: string; status: string }[] } }) =>
    Object.fromEntries(
      (ready.details?.dependencies ?? [])
        .filter((dependency) => dependency.name.endsWith('-worker'))
        .map((dependency) => [dependency.name, dependency.status]),
    );
  const consumerGauges = async () =>
    (await api.raw.inject('/metrics')).body.split('\n').filter((line) => line.startsWith('nq_log_consumer_up{'));

  it('indexes every result the gateway accepted, without restarting any worker; while down it says so', async () => {
    const accepted = new Set<string>();
    const pending: ReturnType<typeof result>[][] = []; // answered 503: the probe keeps them and sends them again
    const answers: { status: number; code?: string; retryAfter?: string }[] = [];
    const send = async (items: ReturnType<typeof result>[]) => {
      const response = await probe.inject({ method: 'POST', url: '/gateway/v1/results', payload: { items } });
      answers.push({
        status: response.statusCode,
        code: response.json().code,
        retryAfter: response.headers['retry-after'] as string | undefined,
      });
      if (response.statusCode === 202) for (const item of items) accepted.add(item.measurementId);
      else pending.push(items);
    };
    let loading = true;
    const load = (async () => {
      while (loading) {
        await send(Array.from({ length: 10 }, () => result(probeId)));
        await sleep(100);
      }
    })();
    try {
      await waitFor('results accepted before the outage', () => accepted.size >= 300, 60_000);
      await kafka.stop('SIGKILL');
      const stoppedAt = Date.now();

      // While it cannot consume, each worker says so: readiness names it, its gauge reads 0. Each consumer finds out
      // on its own (a heartbeat or a fetch failing): all three are waited for.
      await waitFor(
        'readiness to name both workers down, and every consumer gauge to read 0',
        async () => {
          const ready = await api.raw.inject('/ready');
          const workers = workersOf(ready.json());
          const gauges = await consumerGauges();
          return (
            ready.statusCode === 503 &&
            workers['ingest-worker'] === 'down' &&
            workers['probe-status-worker'] === 'down' &&
            gauges.length === 3 &&
            gauges.every((line) => line.endsWith(' 0'))
          );
        },
        50_000,
      );
      const ready = (await api.raw.inject({ url: '/ready', headers: { 'accept-language': 'en' } })).json();
      expect(ready.code).toBe('dependency.unavailable');
      expect(ready.message).toContain('ingest-worker');
      const down = await consumerGauges();
      // The ingest worker, the probe status worker and the cube maintainer.
      expect(down).toHaveLength(3);
      expect(down.every((line) => line.endsWith(' 0'))).toBe(true);

      // A process told to stop during the outage stops cleanly (within its shutdown timeout, or it would exit 1).
      other!.child.kill('SIGTERM');
      expect(await other!.exit, other!.output()).toBe(0);
      expect(other!.output()).toContain('stopped cleanly');

      await sleep(Math.max(0, outageMs - (Date.now() - stoppedAt)));
      await kafka.start();
      await sleep(10_000);
    } finally {
      loading = false;
      await load;
    }

    // The probe sends again what was refused; every answer was 202 or 503 with Retry-After (never 500).
    while (pending.length > 0) await send(pending.shift()!);
    expect(answers.some((answer) => answer.status === 503)).toBe(true);
    for (const answer of answers) {
      if (answer.status !== 202)
        expect(answer).toMatchObject({ status: 503, code: 'dependency.unavailable', retryAfter: expect.any(String) });
    }

    await waitFor(
      `all ${accepted.size} accepted results indexed`,
      async () => (await api.platform.measurements.count({ probeId })) >= accepted.size,
      180_000,
    );
    expect(await api.platform.measurements.count({ probeId })).toBe(accepted.size);

    // The probe status worker consumes again too.
    const reportedAt = new Date().toISOString();
    const status = await probe.inject({
      method: 'POST',
      url: '/gateway/v1/status',
      payload: { items: [{ probeId, reportedAt, state: 'Ready' }] },
    });
    expect(status.statusCode, status.body).toBe(202);
    await waitFor(
      'the status report in the read model',
      async () => {
        const answer = await api.app.inject('/probes/status');
        // While the read model's shard is still being allocated the API answers 503 with Retry-After: not yet.
        if (answer.statusCode === 503) return false;
        const list = answer.json().list as {
          probeId: string;
          lastReportAt: string;
        }[];
        return list.some((row) => row.probeId === probeId && row.lastReportAt === reportedAt);
      },
      60_000,
    );
    await waitFor('readiness to be green again', async () => (await api.raw.inject('/ready')).statusCode === 200);
    const up = await consumerGauges();
    expect(up).toHaveLength(3);
    expect(up.every((line) => line.endsWith(' 1'))).toBe(true);
  });

  it('answers a probe 503 with Retry-After, in its language, for results and status while Kafka is down', async () => {
    await kafka.stop('SIGKILL');
    const reportedAt = new Date().toISOString();
    for (const [url, items] of [
      ['/gateway/v1/results', [result(probeId)]],
      ['/gateway/v1/status', [{ probeId, reportedAt, state: 'Ready' }]],
    ] as const) {
      const response = await probe.inject({
        method: 'POST',
        url,
        headers: { 'accept-language': 'es' },
        payload: { items },
      });
      expect(response.statusCode, response.body).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.json()).toMatchObject({
        code: 'dependency.unavailable',
        message:
          'Un servicio del que depende la plataforma (log) no está disponible en este momento. Inténtalo más tarde.',
      });
    }
  });
});
