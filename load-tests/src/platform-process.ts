import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { dropDatabase } from '@nq/platform/sql/ensure-database';
import { freePort } from '@nq/platform/testing/free-port';
import { deleteIndices } from '@nq/platform/testing/infra';

const cli = resolve(import.meta.dirname, '../../services/src/cli.ts');

/**
 * The platform as `npm start` runs it, in a process of its own (so that the load's client does not share its event
 * loop): in `profile`, on a fresh data folder — distributed: a fresh database, index and topic prefix on the real
 * servers — with the demo configuration, its weeks of history and its
 * small fleet. `stop` ends it and removes what the run made (data folder, database, indices).
 */
export async function startPlatformProcess(name: string, profile: string) {
  const run = randomBytes(4).toString('hex');
  const port = await freePort();
  const databaseUrl = `postgresql://postgres@127.0.0.1:5432/nq_bench_${name}_${run}`;
  const dataDir = mkdtempSync(join(tmpdir(), `nq-${name}-`));
  const child: ChildProcess = spawn(process.execPath, [cli, 'start'], {
    env: {
      PATH: process.env.PATH,
      PROFILE: profile,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ELASTICSEARCH_INDEX_PREFIX: `bench-${name}-${run}`,
      TOPIC_PREFIX: `bench-${name}-${run}.`,
      DEMO_DATA: 'true',
      CONSOLE_DIR: tmpdir(),
      // One login drives each scenario's load: the per-token limit (600 a minute) would answer it 429 past 10/s.
      TOKEN_RATE_LIMIT_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = once(child, 'exit');
  const address = `http://127.0.0.1:${port}`;
  const cleanUp = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (profile !== 'distributed') return;
    await dropDatabase(databaseUrl).catch(() => undefined);
    await deleteIndices(`bench-${name}-${run}`);
  };
  // Listening once the demo and its history are in (the start prints where): several minutes on a busy machine.
  const deadline = Date.now() + 15 * 60_000;
  while ((await fetch(`${address}/ready`).catch(() => undefined))?.status !== 200) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      await cleanUp();
      throw new Error(`the platform did not start:\n${output.slice(-4_000)}`);
    }
    await sleep(500);
  }
  return {
    address,
    run,
    /** What it printed at start (the demo history's line among it). */
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(30_000).then(() => child.kill('SIGKILL'))]);
      await cleanUp();
    },
  };
}
