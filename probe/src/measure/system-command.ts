import { spawn } from 'node:child_process';

export type CommandOutcome =
  | { ran: true; exitCode: number | null; stdout: string; stderr: string; aborted: boolean }
  /** The binary is not there (or not runnable): the test cannot run on this machine. */
  | { ran: false; why: string };

/**
 * Runs a system tool (ping, traceroute) to its end, in the C locale so that its output reads the same everywhere (a
 * decimal point, English words). Aborted, it is stopped with SIGTERM, and its output so far is returned.
 */
export function runSystemCommand(
  binary: string,
  args: readonly string[],
  signal: AbortSignal,
): Promise<CommandOutcome> {
  return new Promise((done) => {
    const child = spawn(binary, args, { env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
    });
    const stop = () => child.kill('SIGTERM');
    signal.addEventListener('abort', stop, { once: true });
    if (signal.aborted) stop();
    child.once('error', (error: NodeJS.ErrnoException) => {
      signal.removeEventListener('abort', stop);
      done({ ran: false, why: `${binary} cannot run here (${error.code ?? error.message})` });
    });
    child.once('close', (exitCode) => {
      signal.removeEventListener('abort', stop);
      done({ ran: true, exitCode, stdout, stderr, aborted: signal.aborted });
    });
  });
}
