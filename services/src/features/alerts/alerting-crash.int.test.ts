import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { testContext } from '@nq/platform/decider/specification';
import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { sleep, waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';
import { alertHistoryId } from './alert-decisions.ts';
import { type EvaluatedRule, evaluationDecider, type GroupEvaluation } from './alert-evaluation.ts';
import { enrichedMessageOf, slowDownloadAlert, speedTest } from './alert-measurements.fixture.ts';

const cli = resolve(import.meta.dirname, '../../cli.ts');
const probes = Array.from({ length: 8 }, (_, index) => `crash-probe-${index}`);
const perProbe = 150;
const recipients = ['noc@crash.test', 'oncall@crash.test'];
// Far in the future, so that the clock never decides a window: only the stream does, and the outcome is exact.
const start = Date.parse('2090-01-01T00:00:00Z');

/** Three measurements a minute; two minutes slow, one fast, over and over: fires, fires, resolves. */
const stream = probes.flatMap((probeId, probeIndex) =>
  Array.from({ length: perProbe }, (_, index) => {
    const minute = Math.floor(index / 3);
    const slow = (minute + probeIndex) % 3 !== 2;
    return speedTest(probeId, new Date(start + index * 20_000).toISOString(), slow ? 40 : 400);
  }),
);

describe('alerting killed with SIGKILL mid-stream (Kafka, PostgreSQL)', { timeout: 300_000 }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let environment: Record<string, string>;
  let api: TestApi;
  let alertId: string;
  let rule: EvaluatedRule;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    environment = {
      ...distributedEnvironment(database),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'nq-alerting-')),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
    };
    api = await openTestApi(environment);
    const fields = slowDownloadAlert('Crash test', {
      interval: { value: 1, unit: 'minute' },
      email: { enabled: true, recipients },
    });
    const created = await api.app.inject({ method: 'POST', url: '/api/alert-config', payload: fields });
    expect(created.statusCode, created.body).toBe(201);
    const { id, position, entity } = created.json() as {
      id: string;
      position: string;
      entity: { version: number } & EvaluatedRule['fields'];
    };
    alertId = id;
    rule = { version: entity.version, fields: entity };
    const caughtUp = await api.readCaughtUp(`/api/alert-config/${id}?minPosition=${position}`);
    expect(caughtUp.statusCode, caughtUp.body).toBe(200);
  }, 180_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await api?.raw.close();
    await database?.drop();
  });

  /** The `alerting` sub-command as a process of its own, resolved once it consumes. */
  async function startAlerting() {
    const child = spawn(process.execPath, [cli, 'alerting'], {
      env: { ...process.env, ...environment, HEALTH_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr!.on('data', (chunk) => {
      output += chunk;
    });
    await waitFor('the alerting process to start', () => output.includes('alerting workers running'), 90_000).catch(
      (error: unknown) => {
        throw new Error(`${(error as Error).message}\n${output}`);
      },
    );
    return child;
  }

  /** What an evaluator that never stopped records: each probe's measurements through the decider, in order. */
  function expectedEntries() {
    const context = { ...testContext, notificationSpacingMs: 300_000 };
    const entries = new Map<string, { state: string; measurements: number; matching: number; notify: boolean }>();
    for (const probeId of probes) {
      let state: GroupEvaluation = evaluationDecider.initialState;
      for (const measurement of stream.filter((m) => m.probeId === probeId)) {
        const command = {
          type: 'observe' as const,
          rule,
          measurement: { at: Date.parse(measurement.measuredAt), program: measurement.program, kpis: measurement.kpis },
        };
        for (const event of evaluationDecider.decide(command, state, context)) {
          state = evaluationDecider.evolve(state, event);
          if (event.type !== 'WindowDecided' || !event.data.entry) continue;
          const { entry, measurements, matching, notify, window } = event.data;
          const id = alertHistoryId({ alertId, kind: 'probe', groupId: probeId }, window.start);
          entries.set(id, { state: entry, measurements, matching, notify });
        }
      }
    }
    return entries;
  }

  const recorded = () =>
    api.platform.sql.query<{ id: string; state: string; measurements: number; matching: number }>(
      'select id, state, measurements, matching from alert_history where alert_id = $1',
      [alertId],
    );

  it('loses and repeats no history entry and no e-mail when restarted', async () => {
    const expected = expectedEntries();
    expect(expected.size).toBeGreaterThan(300);
    let child = await startAlerting();

    // The stream flows in small slices; the process is killed once part of it is recorded.
    let produced = 0;
    const producing = (async () => {
      for (let index = 0; index < stream.length; index += 20) {
        await api.platform.log.produce(
          api.platform.topics.measurementsEnriched,
          stream.slice(index, index + 20).map(enrichedMessageOf),
        );
        produced = index + 20;
        await sleep(40);
      }
    })();
    await waitFor('a part of the history', async () => (await recorded()).length >= expected.size / 4, 120_000);
    child.kill('SIGKILL');
    const atKill = (await recorded()).length;
    expect(atKill).toBeLessThan(expected.size);
    expect(produced).toBeLessThan(stream.length);

    child = await startAlerting();
    await producing;
    await waitFor('the whole history', async () => (await recorded()).length >= expected.size, 180_000);
    await sleep(2_000); // anything repeated would show by now

    const entries = await recorded();
    expect(entries).toHaveLength(expected.size);
    for (const entry of entries) {
      const { notify: _notify, ...counts } = expected.get(entry.id)!;
      expect({ state: entry.state, measurements: entry.measurements, matching: entry.matching }).toEqual(counts);
    }
    const mails = await api.platform.sql.query<{ idempotency_key: string }>(
      `select idempotency_key from mail_outbox where idempotency_key like 'ah-%'`,
    );
    const toldEntries = [...expected].filter(([, entry]) => entry.notify).map(([id]) => id);
    expect(mails.map((mail) => mail.idempotency_key).sort()).toEqual(
      toldEntries.flatMap((id) => recipients.map((recipient) => `${id}:${recipient}`)).sort(),
    );
    child.kill('SIGTERM');
  });
});
