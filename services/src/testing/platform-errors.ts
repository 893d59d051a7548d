import { Writable } from 'node:stream';

/**
 * The errors the test platforms of this worker logged lately, one summary line each (time, message, the error's
 * message): a failing test shows those logged while it ran, so that a 503 or a failed chart on a CI machine says its
 * cause without running the test again with logs on.
 */
const kept: { sequence: number; line: string }[] = [];
const keptAtMost = 40;
let sequence = 0;

type LoggedError = { type?: string; message?: string; code?: string | number; cause?: LoggedError };

/** An error and the causes it was wrapped around (a route's catalogue error says little without them). */
const causesOf = (error: LoggedError | undefined): string[] =>
  error
    ? [
        `${error.type ?? 'Error'}${error.code !== undefined ? ` (${error.code})` : ''}: ${error.message ?? ''}`,
        ...causesOf(error.cause),
      ]
    : [];

const summaryOf = (raw: string) => {
  try {
    const entry = JSON.parse(raw) as { time?: number; msg?: string; err?: LoggedError };
    const at = entry.time ? new Date(entry.time).toISOString().slice(11, 23) : '';
    const causes = causesOf(entry.err);
    const cause = causes.length > 0 ? ` — ${causes.join(' ← ')}` : '';
    return `${at} ${entry.msg ?? ''}${cause}`.replace(/\s+/g, ' ').trim();
  } catch {
    return raw.trim();
  }
};

/** Where a test platform's logger writes (JSON lines, error level) when the test run does not ask for its logs. */
export const platformErrorLog = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const raw of chunk.toString('utf8').split('\n')) {
      if (raw.trim() === '') continue;
      sequence += 1;
      kept.push({ sequence, line: summaryOf(raw).slice(0, 800) });
      if (kept.length > keptAtMost) kept.shift();
    }
    done();
  },
});

/** A mark to read the errors logged after it. */
export const platformErrorMark = () => sequence;

/** The errors logged after `mark` (the latest `keptAtMost` of them), oldest first. */
export const platformErrorsSince = (mark: number) =>
  kept.filter((item) => item.sequence > mark).map((item) => item.line);
