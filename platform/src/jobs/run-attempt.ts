import { z } from 'zod';
import { dependencyRetryAfterSeconds, isDependencyUnavailable } from '../dependency-unavailable.ts';
import {
  type JobProgress,
  type JobRegistration,
  PermanentJobFailure,
  type RunOutcome,
  retryDelayMs,
  timedOutError,
} from './job-queue-port.ts';

export interface Attempt {
  registration: JobRegistration;
  id: string;
  payload: unknown;
  /** 1 for the first run. */
  attempt: number;
  /** Fires when the job is cancelled. */
  cancelled: AbortSignal;
  /** Fires when the worker stops. */
  stopping: AbortSignal;
  reportProgress(progress: JobProgress): Promise<void>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const settledBy = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

/**
 * One run of a job, the same for every adapter: the payload checked, the handler given a signal that fires on
 * cancellation, timeout or the worker stopping, and the outcome decided by the kind's retry policy. A handler that
 * ignores its signal is not waited for: the run ends when the signal fires.
 */
export async function runAttempt(run: Attempt): Promise<RunOutcome> {
  const { kind, handle } = run.registration;
  if (run.cancelled.aborted) return { outcome: 'cancelled' };
  const parsed = kind.payload.safeParse(run.payload);
  if (!parsed.success) return { outcome: 'failed', error: `invalid payload: ${z.prettifyError(parsed.error)}` };
  const timeout = new AbortController();
  const timer = kind.timeoutMs === undefined ? undefined : setTimeout(() => timeout.abort(), kind.timeoutMs);
  const signal = AbortSignal.any([run.cancelled, run.stopping, timeout.signal]);
  try {
    const result = await Promise.race([
      handle(parsed.data, { id: run.id, attempt: run.attempt, signal, reportProgress: run.reportProgress }),
      settledBy(signal),
    ]);
    return result === undefined ? { outcome: 'completed' } : { outcome: 'completed', result };
  } catch (error) {
    if (run.cancelled.aborted) return { outcome: 'cancelled' };
    if (run.stopping.aborted) return { outcome: 'released' };
    // An outage is not the job's failure: it waits for the dependency (as long as its kind's first retry would, at
    // most as long as a refused caller is told to) without spending its attempts.
    if (isDependencyUnavailable(error))
      return { outcome: 'released', inMs: Math.min(kind.retry.backoffMs, dependencyRetryAfterSeconds * 1_000) };
    const message = timeout.signal.aborted ? timedOutError(kind.timeoutMs) : messageOf(error);
    const permanent =
      error instanceof PermanentJobFailure || (error as Error | undefined)?.name === 'PermanentJobFailure';
    if (permanent || run.attempt >= kind.retry.attempts) return { outcome: 'failed', error: message };
    return { outcome: 'retrying', error: message, inMs: retryDelayMs(run.attempt, kind.retry.backoffMs) };
  } finally {
    clearTimeout(timer);
  }
}
