import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

export const probeMain = resolve(import.meta.dirname, '../../probe/src/main.ts');

/**
 * The probe agent as an OS process (`node probe/src/main.ts`), what it logs kept line by line: the results it kept
 * (their measurement ids, with `--log-results`) and everything else it said.
 */
export function runAgent(args: string[], env: Record<string, string> = {}) {
  const child: ChildProcess = spawn(process.execPath, [probeMain, '--log-results', ...args], {
    env: { ...process.env, LOG_FORMAT: 'text', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const kept: string[] = [];
  let pending = '';
  const read = (chunk: Buffer) => {
    const parts = (pending + chunk.toString()).split('\n');
    pending = parts.pop()!;
    for (const line of parts) {
      lines.push(line);
      const ids = /^\S+ kept ((?:[0-9a-f-]{36} ?)+)$/.exec(line)?.[1];
      if (ids) kept.push(...ids.trim().split(' '));
    }
  };
  child.stdout!.on('data', read);
  child.stderr!.on('data', read);
  const closed = new Promise<number | null>((done) => child.once('close', (code) => done(code)));
  return {
    lines,
    kept,
    pid: child.pid,
    /** Every line it wrote is read once it has closed. */
    closed,
    kill: async (signal: NodeJS.Signals) => {
      child.kill(signal);
      return closed;
    },
    said: (pattern: RegExp) => lines.some((line) => pattern.test(line)),
  };
}

export type AgentProcess = ReturnType<typeof runAgent>;
