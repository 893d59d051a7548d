import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { dropDatabase } from '@nq/platform/sql/ensure-database';
import { freePort } from '@nq/platform/testing/free-port';
import { deleteIndices } from '@nq/platform/testing/infra';

const cli = resolve(import.meta.dirname, '../../services/src/cli.ts');

export interface PlatformProcessOptions {
  /** Load the demo configuration, its history and its fleet (the default), or start on an empty store. */
  demoData?: boolean;
  /** Names the run (its data folder, database, index and topic prefixes): a kept run started again finds its data. */
  run?: string;
  /** Leave the run's data folder, database and indices at `stop`, for a later start of the same run. */
  keep?: boolean;
  /** More variables, over the defaults. */
  environment?: Record<string, string>;
  /** Runs on the platform's environment before it starts (e.g. `nq admin create`: PGlite has one writer). */
  beforeStart?: (environment: Record<string, string>) => Promise<void>;
}

/**
 * The platform as `npm start` runs it, in a process of its own (so that the load's client does not share its event
 * loop): in `profile`, on a fresh data folder — distributed: a fresh database, index and topic prefix on the real
 * servers — with the demo configuration, its weeks of history and its
 * small fleet unless `demoData` is false. `stop` ends it and removes what the run made (data folder, database,
 * indices) unless `keep`.
 */
export async function startPlatformProcess(name: string, profile: string, options: PlatformProcessOptions = {}) {
  const run = options.run ?? randomBytes(4).toString('hex');
  const port = await freePort();
  const databaseUrl = `postgresql://postgres@127.0.0.1:5432/nq_bench_${name}_${run}`;
  const dataDir = options.run ? join(tmpdir(), `nq-${name}-${run}`) : mkdtempSync(join(tmpdir(), `nq-${name}-`));
  mkdirSync(dataDir, { recursive: true });
  const environment: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    PROFILE: profile,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ELASTICSEARCH_INDEX_PREFIX: `bench-${name}-${run}`,
    TOPIC_PREFIX: `bench-${name}-${run}.`,
    DEMO_DATA: String(options.demoData ?? true),
    CONSOLE_DIR: tmpdir(),
    // One login drives each scenario's load: the per-token limit (600 a minute) would answer it 429 past 10/s.
    TOKEN_RATE_LIMIT_PER_MINUTE: '1000000',
    // BENCH_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the platform process (written as it stops).
    ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    ...options.environment,
  };
  await options.beforeStart?.(environment);
  const child: ChildProcess = spawn(process.execPath, [cli, 'start'], {
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // The last of it only: a platform logging a warning per request of a long load would fill this process's memory.
  const keepTail = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-64_000);
  };
  child.stdout!.on('data', keepTail);
  child.stderr!.on('data', keepTail);
  const exited = once(child, 'exit');
  const address = `http://127.0.0.1:${port}`;
  const cleanUp = async () => {
    if (options.keep) return;
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
    /** The platform's process, whose CPU and memory /proc shows. */
    pid: child.pid!,
    environment,
    /** What it printed at start (the demo history's line among it). */
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(30_000).then(() => child.kill('SIGKILL'))]);
      await cleanUp();
    },
  };
}
