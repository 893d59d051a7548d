import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { waitFor } from '@nq/platform/testing/wait-for';

const cli = resolve(import.meta.dirname, '../cli.ts');

/** One run of `node services/src/cli.ts <args>` as an OS process of its own, its output kept for the test. */
export function cliProcess(args: string[], environment: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, [cli, ...args], {
    env: { PATH: process.env.PATH ?? '', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | string | null>((done) =>
    child.once('exit', (code, signal) => done(code ?? signal)),
  );
  // The test process must not leave it behind, however it ends.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));
  return {
    pid: child.pid,
    output: () => output,
    exited,
    /** Resolves once its output matches `pattern`; fails early when it exits first. */
    async printed(pattern: RegExp, timeoutMs = 60_000) {
      await waitFor(
        `${args.join(' ')} to print ${pattern}`,
        () => {
          if (pattern.test(output)) return true;
          if (child.exitCode !== null || child.signalCode !== null)
            throw new Error(`${args.join(' ')} exited (${child.exitCode ?? child.signalCode}):\n${output}`);
          return false;
        },
        timeoutMs,
      ).catch((error: Error) => {
        throw new Error(`${error.message}; it printed:\n${output}`);
      });
    },
    /** Sends `signal` and resolves to how it exited. */
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export type CliProcess = ReturnType<typeof cliProcess>;

/** GET of an operations endpoint: its status and JSON (or text) body; undefined while nothing listens. */
export async function probe(port: number, path: string) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`).catch(() => undefined);
  if (!response) return undefined;
  const text = await response.text();
  const json = (() => {
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      return undefined;
    }
  })();
  return { status: response.status, json, text };
}
