import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApi } from '@nq/services/api/app';
import { loadConfig } from '@nq/services/config/config';
import { loadDemoData } from '@nq/services/demo/load-demo';
import { platformRuns } from '@nq/services/features/platform-runs';
import { openPlatform } from '@nq/services/platform/platform';
import { dropDatabase } from '@nq/services/platform/sql/ensure-database';

/**
 * The platform as `npm start` runs it, in this process, for a benchmark: the profile BENCH_PROFILE names (or the
 * benchmark's default) on a fresh data folder — on the real servers, a fresh database, index and topic prefix of this
 * run — with the demo configuration, projector and workers, and the API listening on a free port. `stop` ends it all
 * and drops the run's database; `settings` configure another process of the same run.
 */
export async function startBenchPlatform(name: string, defaultProfile: 'embedded' | 'distributed') {
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
  const api = await buildApi({ config, platform, logger: false });
  await platform.projector.start();
  const stopWorkers = await platform.startWorkers();
  await loadDemoData(platform);
  const address = await api.listen({ host: '127.0.0.1', port: 0 });
  async function stop() {
    await stopWorkers();
    await api.close();
    await platform.close();
    if (profile === 'distributed') await dropDatabase(databaseUrl).catch(() => undefined);
  }
  return { run, profile, platform, address, stop, settings };
}

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
