import { setTimeout as delay } from 'node:timers/promises';
import { processLog } from '../../logging/process-log.ts';
import type { ConsumerOptions, LogRecord } from '../log-port.ts';

export const defaultMaxBatchSize = 500;

/**
 * Shared by both clients: a member that vanished without leaving the group is evicted after the session timeout
 * (the broker's floor is 6 s). Heartbeats go every second, so a member is evicted only after 10 missed ones.
 */
export const groupTimings = { sessionTimeoutMs: 10_000, rebalanceTimeoutMs: 60_000, heartbeatIntervalMs: 1_000 };

export const retryDelayMs = (failures: number) => Math.min(250 * 2 ** failures, 5_000);

/** Settles like `work`, or rejects with the abort reason as soon as `signal` aborts (leaving `work` running). */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Resolves after `ms`, or early once `signal` aborts. */
export const backOff = (ms: number, signal: AbortSignal) => delay(ms, undefined, { signal }).catch(() => undefined);

export interface HandleLoop {
  records: LogRecord[];
  handle: ConsumerOptions['handle'];
  /** Aborted by `abort()`: the handler is abandoned at once and the batch is left uncommitted. */
  signal: AbortSignal;
  /** Asked after each failure and back-off; false gives the batch up uncommitted (stopping, or partition revoked). */
  mayRetry: () => boolean | Promise<boolean>;
}

/** Calls the handler until it succeeds; false when the batch was given up (and must not be committed). */
export async function handleUntilDone({ records, handle, signal, mayRetry }: HandleLoop): Promise<boolean> {
  for (let failures = 0; ; failures++) {
    try {
      // A handler that throws synchronously is a failed attempt like a rejected one.
      await raceAbort(
        Promise.resolve().then(() => handle(records, { signal })),
        signal,
      );
      return true;
    } catch (error) {
      if (signal.aborted) return false;
      const waitMs = retryDelayMs(failures);
      const { topic, partition, offset } = records[0]!;
      processLog().warn(
        { topic, partition, offset, err: error },
        `log handler failed on ${topic}/${partition} at offset ${offset}, retrying in ${waitMs} ms`,
      );
      await backOff(waitMs, signal);
      if (signal.aborted || !(await mayRetry())) return false;
    }
  }
}
