import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** This checkout's CLI: what the processes run unless told to run another's (a previous release's, for an upgrade). */
export const thisCheckoutCli = resolve(import.meta.dirname, '../../services/src/cli.ts');

/** The platform's process kinds, each a sub-command of the CLI. */
export const processKinds = ['api', 'projector', 'ingest', 'alerting', 'jobs'] as const;
export type ProcessKind = (typeof processKinds)[number];

/** What each kind prints once it runs (the API: once it listens). */
const runningLine: Record<ProcessKind, RegExp> = {
  api: /Network-quality platform \(/,
  projector: /projector, read-model workers and mail delivery running/,
  ingest: /ingest workers running/,
  alerting: /alerting workers running/,
  jobs: /job workers running/,
};

export interface Replica {
  kind: ProcessKind;
  /** `<kind>-<n>`: also its static membership in the consumer groups, kept by its replacements. */
  name: string;
  pid(): number | undefined;
  /** Resolves once the current process runs (printed its running line). */
  running(): Promise<void>;
  /** Sends a signal to the current process; with SIGKILL, resolves once it has exited. */
  signal(signal: NodeJS.Signals): Promise<void>;
  /**
   * Stops the current process gracefully (SIGTERM, as a rolling update does) and resolves once its replacement runs:
   * the replacement runs the CLI its kind is given then (`useCli`).
   */
  replace(): Promise<void>;
}

/**
 * Runs the platform's processes as separate OS processes, and replaces one that exits when it was not told to stop,
 * after `restartDelayMs`, as Kubernetes restarts a container: the replacement keeps the replica's name (its pod's),
 * hence its static membership in the consumer groups. Each process's output is appended to `<logDir>/<name>.log`.
 */
export function superviseProcesses(options: {
  environment: Record<string, string>;
  replicas: Partial<Record<ProcessKind, number>>;
  logDir: string;
  restartDelayMs: number;
  /** Extra variables of one kind (the API's port). */
  environmentOf?: (kind: ProcessKind, index: number) => Record<string, string>;
  /** The CLI the processes run at first (this checkout's unless given). */
  cli?: string;
}) {
  const cliOf = new Map<ProcessKind, string>(processKinds.map((kind) => [kind, options.cli ?? thisCheckoutCli]));
  mkdirSync(options.logDir, { recursive: true });
  let stopping = false;
  const replicas: Replica[] = [];
  const children = new Set<ChildProcess>();
  const killAll = () => {
    for (const child of children) child.kill('SIGKILL');
  };
  process.once('exit', killAll);

  for (const kind of processKinds) {
    for (let index = 0; index < (options.replicas[kind] ?? 0); index++) {
      const name = `${kind}-${index}`;
      const log = createWriteStream(join(options.logDir, `${name}.log`), { flags: 'a' });
      let child: ChildProcess | undefined;
      let running: Promise<void> = Promise.resolve();
      let exited: Promise<void> = Promise.resolve();
      const start = () => {
        const started = spawn(process.execPath, [cliOf.get(kind)!, kind], {
          env: {
            PATH: process.env.PATH ?? '',
            ...options.environment,
            KAFKA_GROUP_INSTANCE_ID: name,
            HEALTH_PORT: '0', // replicas of a kind share this host: each worker answers its probes on a port of its own
            ...options.environmentOf?.(kind, index),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child = started;
        children.add(started);
        log.write(`\n--- ${new Date().toISOString()} started ${name} (pid ${started.pid})\n`);
        let seen = '';
        running = new Promise<void>((ready, failed) => {
          const watch = (chunk: Buffer) => {
            log.write(chunk);
            seen = (seen + chunk.toString()).slice(-4_000);
            if (runningLine[kind].test(seen)) {
              seen = '';
              log.write(`--- ${new Date().toISOString()} ${name} runs\n`);
              ready();
            }
          };
          started.stdout!.on('data', watch);
          started.stderr!.on('data', watch);
          started.once('exit', (code, signal) =>
            failed(new Error(`${name} exited (${code ?? signal}) before running`)),
          );
        });
        running.catch(() => undefined);
        exited = new Promise((done) =>
          started.once('exit', (code, signal) => {
            children.delete(started);
            log.write(`--- ${new Date().toISOString()} ${name} exited (${code ?? signal})\n`);
            if (child === started) child = undefined;
            done();
            if (!stopping)
              void sleep(options.restartDelayMs).then(() => {
                if (!stopping && !child) start();
              });
          }),
        );
      };
      start();
      replicas.push({
        kind,
        name,
        pid: () => child?.pid,
        running: async () => {
          // A replacement may be on its way: wait for it to be spawned, then for it to run.
          while (!child && !stopping) await sleep(50);
          await running;
        },
        async signal(signal) {
          const target = child;
          if (!target) throw new Error(`${name} has no process to send ${signal} to`);
          target.kill(signal);
          if (signal === 'SIGKILL') await exited;
        },
        async replace() {
          const target = child;
          if (!target) throw new Error(`${name} has no process to replace`);
          const gone = exited;
          target.kill('SIGTERM');
          await gone;
          while (!child && !stopping) await sleep(50);
          await running;
        },
      });
    }
  }

  return {
    replicas,
    of: (kind: ProcessKind) => replicas.filter((replica) => replica.kind === kind),
    /** The CLI a kind's processes run from their next start on. */
    useCli(kind: ProcessKind, cli: string) {
      cliOf.set(kind, cli);
    },
    /** Runs a command of a CLI with the processes' environment (`nq migrate`), resolving with its output once it ends well. */
    command(cli: string, args: string[]) {
      return new Promise<string>((done, failed) => {
        let output = '';
        const child = spawn(process.execPath, [cli, ...args], {
          env: { PATH: process.env.PATH ?? '', ...options.environment },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.once('exit', (code) =>
          code === 0 ? done(output) : failed(new Error(`${args.join(' ')} exited ${code}: ${output.slice(-2_000)}`)),
        );
      });
    },
    allRunning: () => Promise.all(replicas.map((replica) => replica.running())),
    /** Stops every process gracefully (SIGTERM), killing what is still there after `timeoutMs`. */
    async stop(timeoutMs = 20_000) {
      stopping = true;
      const exits = [...children].map((child) => new Promise((done) => child.once('exit', done)));
      for (const child of children) child.kill('SIGTERM');
      await Promise.race([Promise.all(exits), sleep(timeoutMs)]);
      killAll();
      process.off('exit', killAll);
    },
  };
}

export type Supervisor = ReturnType<typeof superviseProcesses>;
