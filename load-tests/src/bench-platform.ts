import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@nq/platform/config/config';
import { openPlatform, workerProcesses } from '@nq/platform/platform';
import { dropDatabase } from '@nq/platform/sql/ensure-database';
import { freePort } from '@nq/platform/testing/free-port';
import { buildApi } from '@nq/services/api/app';
import { platformRuns } from '@nq/services/composition/platform-runs';
import { loadDemoData } from '@nq/services/demo/load-demo';
import { superviseProcesses } from '../../tests/faults/supervisor.ts';

/**
 * The platform as `npm start` runs it, in this process, for a benchmark: the profile BENCH_PROFILE names (or the
 * benchmark's default) on a fresh data folder — on the real servers, a fresh database, index and topic prefix of this
 * run — with the demo configuration, projector and workers, and the API listening on a free port. `stop` ends it all
 * and drops the run's database; `settings` configure another process of the same run. `separate`: the API and the
 * ingest workers run as OS processes of their own (`pids`), so that the load's client shares no event loop with them.
 */
export async function startBenchPlatform(
  name: string,
  defaultProfile: 'embedded' | 'distributed',
  options: { separate?: boolean } = {},
) {
  const run = randomBytes(4).toString('hex');
  const profile = process.env.BENCH_PROFILE ?? defaultProfile;
  const databaseUrl = `postgresql://postgres@127.0.0.1:5432/nq_bench_${name}_${run}`;
  const settings = {
    PROFILE: profile,
    LOG_LEVEL: 'warn',
    DATA_DIR: mkdtempSync(join(tmpdir(), `nq-${name}-bench-`)),
    DATABASE_URL: databaseUrl,
    ELASTICSEARCH_INDEX_PREFIX: `bench-${name}-${run}`,
    TOPIC_PREFIX: `bench-${name}-${run}.`,
    DEMO_DATA: 'true',
    CONSOLE_DIR: tmpdir(),
  };
  const config = loadConfig(settings);
  const platform = await openPlatform(config, platformRuns);
  await platform.projector.start();
  await loadDemoData(platform);
  if (options.separate) {
    // The API and ingest as processes of their own, as deployed; the projector stays here.
    const port = await freePort();
    const processes = superviseProcesses({
      environment: { ...settings, ...sharedEnvironment(), PORT: String(port) },
      replicas: { api: 1, ingest: 1 },
      logDir: join(settings.DATA_DIR, 'logs'),
      restartDelayMs: 1_000,
    });
    await processes.allRunning();
    return {
      run,
      profile,
      platform,
      address: `http://127.0.0.1:${port}`,
      settings,
      pids: () => processes.replicas.map((replica) => replica.pid()).filter((pid) => pid !== undefined),
      /** The running processes of one kind (`api`, `ingest`). */
      pidsOf: (kind: string) =>
        processes.replicas
          .filter((replica) => replica.kind === kind)
          .map((replica) => replica.pid())
          .filter((pid) => pid !== undefined),
      async stop() {
        await processes.stop();
        await platform.close();
        if (profile === 'distributed') await dropDatabase(databaseUrl).catch(() => undefined);
      },
    };
  }
  const api = await buildApi({ config, platform, logger: false });
  // Every worker but the alert evaluator, which the alerting benchmark runs (and measures) on its own.
  const stopWorkers = await platform.startWorkers({
    processes: workerProcesses.filter((process) => process !== 'alerting'),
  });
  const address = await api.listen({ host: '127.0.0.1', port: 0 });
  async function stop() {
    await stopWorkers();
    await api.close();
    await platform.close();
    if (profile === 'distributed') await dropDatabase(databaseUrl).catch(() => undefined);
  }
  return {
    run,
    profile,
    platform,
    address,
    stop,
    settings,
    pids: () => [] as number[],
    pidsOf: (_kind: string) => [] as number[],
  };
}

/** What every process of a run shares besides its settings: the servers' addresses, as this process reads them. */
const sharedEnvironment = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && /^(KAFKA_|ELASTICSEARCH_URL|REDIS_URL|SECRET_KEY)/.test(entry[0]),
    ),
  );

/** A demo login's signing credentials, as the console gets them from `POST /login`. */
export async function logInAs(address: string, login: { email: string; password: string }) {
  const answer = await fetch(`${address}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: login.email, password: login.password }),
  });
  if (!answer.ok) throw new Error(`login as ${login.email}: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { data: { clientId: string; clientSecret: string } }).data;
}
