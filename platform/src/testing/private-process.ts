import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, statSync } from 'node:fs';
import { Socket } from 'node:net';
import { allGone, killTree } from './process-tree.ts';
import type { ServiceUser } from './service-user.ts';
import { waitFor } from './wait-for.ts';

/**
 * One server process of a test's own (a private Kafka, Redis, PostgreSQL or Elasticsearch), which a fault-injection
 * test stops and starts again: the part the private servers share.
 */
/** A server of a test's own that a fault can crash and start again on the same ports and data. */
export interface PrivateServer {
  /** SIGTERM: a clean shutdown; SIGKILL: a crash of it and every process it started. Resolves once they exited. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Starts it again on the same ports and data; resolves once it takes requests (after any crash recovery). */
  start(): Promise<void>;
  /** Stops it and deletes its data. */
  destroy(): Promise<void>;
}

export interface ServerProcess {
  /** Starts the server; resolves once `ready` says it takes requests. */
  start(): Promise<void>;
  /**
   * SIGTERM: a clean shutdown (the server's own signal for it, see `cleanStop`); SIGKILL: a crash of the server and
   * every process it started. Resolves once they have all exited.
   */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Kills it if it runs and forgets it (no more exit guard). */
  dispose(): Promise<void>;
}

export interface ServerProcessOptions {
  /** Names the server in messages: `private Redis outage`. */
  description: string;
  command: string;
  args: string[];
  /** The server's output is appended here, each start after the last; error messages point at it. */
  logFile: string;
  env?: NodeJS.ProcessEnv;
  /** A folder the server's user can enter (spawning fails if it cannot enter the default, our working folder). */
  cwd?: string;
  /** Run as this user (uid/gid set on the spawned process itself, so that our signals reach the server, not a su). */
  user?: ServiceUser;
  /** The signal of a clean stop, when the server reads SIGTERM as something slower (PostgreSQL: SIGINT). */
  cleanStop?: NodeJS.Signals;
  /** Whether the server takes requests yet; `output` reads what it has logged since this start. */
  ready: (output: () => string) => Promise<boolean>;
  startTimeoutMs: number;
}

/** Whether something accepts TCP connections on a loopback port. */
export const takesConnections = (port: number) =>
  new Promise<boolean>((answer) => {
    const socket = new Socket();
    socket
      .once('connect', () => {
        socket.destroy();
        answer(true);
      })
      .once('error', () => answer(false));
    socket.connect(port, '127.0.0.1');
  });

const killedWithinMs = 30_000;

export function serverProcess(options: ServerProcessOptions): ServerProcess {
  const { description, logFile } = options;
  let server: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let spawnError: Error | undefined;

  // The servers must not outlive the test process (vitest's worker), however it ends.
  const killOnExit = () => {
    if (server?.pid) killTree(server.pid);
  };
  process.once('exit', killOnExit);

  async function crash(child: ChildProcess) {
    const killed = child.pid ? killTree(child.pid) : [];
    await exited;
    await waitFor(`${description}'s processes to exit after SIGKILL`, () => allGone(killed), killedWithinMs);
  }

  async function start() {
    if (server) throw new Error(`${description} is already running`);
    const output = openSync(logFile, 'a');
    const logStart = statSync(logFile).size; // the earlier starts' lines are in the file too
    const child = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: options.env,
      uid: options.user?.uid,
      gid: options.user?.gid,
      stdio: ['ignore', output, output],
    });
    closeSync(output);
    server = child;
    spawnError = undefined;
    exited = new Promise((done) => {
      child.once('exit', () => done());
      // A command that cannot be run (missing, not executable, a cwd out of reach) emits 'error' and no 'exit'.
      child.once('error', (error) => {
        spawnError = error;
        done();
      });
    });
    exited.then(() => {
      if (server === child) server = undefined;
    });
    try {
      await waitFor(
        `${description} to take requests (log: ${logFile})`,
        async () => {
          if (spawnError)
            throw new Error(`${description} could not be started (${options.command}): ${spawnError.message}`);
          if (child.exitCode !== null || child.signalCode !== null)
            throw new Error(`${description} exited (${child.exitCode ?? child.signalCode}): see ${logFile}`);
          return options.ready(() => readFileSync(logFile).subarray(logStart).toString());
        },
        options.startTimeoutMs,
      );
    } catch (error) {
      await crash(child);
      throw error;
    }
  }

  async function stop(signal: 'SIGTERM' | 'SIGKILL' = 'SIGKILL') {
    const child = server;
    if (!child) return;
    if (signal === 'SIGKILL') return crash(child);
    child.kill(options.cleanStop ?? 'SIGTERM');
    await exited;
  }

  return {
    start,
    stop,
    dispose: async () => {
      await stop('SIGKILL');
      process.off('exit', killOnExit);
    },
  };
}
