import type { z } from 'zod';

/**
 * The Jobs port: asynchronous work that features hand over (CSV extraction, monthly data, PDF
 * reports…), run by job workers in whichever process runs them, at least once, with retries, progress and
 * cancellation. Adapters: BullMQ on Redis (`bullmq-job-queue.ts`) and a durable table in the embedded database
 * (`sql-job-queue.ts`); both pass `jobs.contract.ts`.
 */

/** queued (waiting to run, or to be retried), running, then one final state. */
export type JobState = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
export const jobStates: readonly JobState[] = ['queued', 'running', 'completed', 'failed', 'cancelled'];
export const isFinal = (state: JobState) => state === 'completed' || state === 'failed' || state === 'cancelled';

/** How far a running job has come: either or both of a percentage and the rows written so far. */
export interface JobProgress {
  percent?: number;
  rows?: number;
}

export interface RetryPolicy {
  /** Runs of a job at most, the first included; a job whose worker died mid-run counts that run too. */
  attempts: number;
  /** The wait before the second run; each later one waits twice as long as the one before. */
  backoffMs: number;
}

/** A kind of job a feature declares: what its payload is and how it runs. */
export interface JobKind<Payload> {
  /** Unique, letters, digits and dashes (`csv-extraction`). */
  name: string;
  /** Validated when a job is enqueued and again before it runs. */
  payload: z.ZodType<Payload>;
  /** Jobs of this kind running at once, across every worker process. */
  concurrency: number;
  retry: RetryPolicy;
  /** A run taking longer is aborted (its signal fires) and counts as a failed attempt. */
  timeoutMs?: number;
}

/** What a handler sees of the job it runs. */
export interface JobContext {
  id: string;
  /** 1 for the first run. */
  attempt: number;
  /** Fires when the job is cancelled, times out or its worker stops: the handler should stop soon after. */
  signal: AbortSignal;
  /** Merged into the job's progress (`rows` alone keeps the last `percent`). */
  reportProgress(progress: JobProgress): Promise<void>;
}

/** Runs one job; resolves to a JSON result kept with it (a file id, a row count) or nothing. */
export type JobHandler<Payload> = (payload: Payload, job: JobContext) => Promise<JobResult | undefined>;
export type JobResult = Record<string, unknown>;

/** Thrown by a handler for a failure that another attempt cannot mend (bad input): the job fails at once. */
export class PermanentJobFailure extends Error {
  override name = 'PermanentJobFailure';
}

/** A job as `get` and `list` show it. */
export interface JobSnapshot {
  id: string;
  kind: string;
  state: JobState;
  payload: unknown;
  /** Runs started so far. */
  attempts: number;
  progress: JobProgress;
  /** A failed job's error; a queued one's latest failed attempt. */
  error?: string;
  result?: JobResult;
  /** Cancellation was asked while it ran: its handler's signal has fired; it ends cancelled. */
  cancelRequested: boolean;
  createdAt: Date;
  startedAt?: Date;
  finishedAt?: Date;
}

export interface JobListFilter {
  kind?: string;
  state?: JobState;
  /** Newest first; 100 unless given. */
  limit?: number;
}

export type JobCounts = Record<string, Record<JobState, number>>;

/** A kind with its handler, as a worker runs it. */
export interface JobRegistration {
  kind: JobKind<unknown>;
  handle: JobHandler<unknown>;
}

export const jobRegistration = <Payload>(kind: JobKind<Payload>, handle: JobHandler<Payload>): JobRegistration =>
  ({ kind, handle }) as JobRegistration;

export interface JobWorkersStatus {
  /** False while the queue's backend cannot be reached (the worker keeps trying). */
  working: boolean;
  reason?: string;
  /** Jobs this worker is running now. */
  running: number;
}

export interface JobWorkers {
  status(): JobWorkersStatus;
  /** Stops taking jobs; the running ones are aborted and handed back to the queue (they run again, elsewhere or later). */
  stop(): Promise<void>;
}

export interface JobQueue {
  readonly adapter: 'bullmq' | 'embedded';
  /** The kinds this queue knows (every kind the features declare, whether or not this process runs them). */
  readonly kinds: readonly JobKind<unknown>[];
  /**
   * Accepts a job durably: once this resolves it runs (at least once) even if every process restarts. The same id
   * enqueued again changes nothing and answers the job already there, whatever its state.
   */
  enqueue<Payload>(kind: JobKind<Payload>, payload: Payload, options: { jobId: string }): Promise<JobSnapshot>;
  get(id: string): Promise<JobSnapshot | undefined>;
  list(filter?: JobListFilter): Promise<JobSnapshot[]>;
  /** A queued job never runs; a running one's signal fires. Answers the job as it is then (a final job is left as is). */
  cancel(id: string): Promise<JobSnapshot | undefined>;
  /** Jobs per kind and state (queue depth). */
  counts(): Promise<JobCounts>;
  /**
   * Calls `listener` with a job each time its state or progress changes, in whichever process; a change may be told
   * more than once. Resolves to the unsubscribe.
   */
  onChange(listener: (job: JobSnapshot) => void): Promise<() => Promise<void>>;
  /** Runs the jobs of the given kinds in this process until stopped. */
  startWorkers(registrations: readonly JobRegistration[], options?: JobWorkerOptions): Promise<JobWorkers>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface JobWorkerLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobWorkerOptions {
  log?: JobWorkerLog;
  /** Called as each run ends, for metrics: how it ended and how long it ran. */
  onRunEnded?: (kind: string, outcome: RunOutcome['outcome'], seconds: number) => void;
}

export type RunOutcome =
  | { outcome: 'completed'; result?: JobResult }
  | { outcome: 'cancelled' }
  /**
   * The worker stopped while it ran, or a dependency the run needs is down or recovering: the job goes back to the
   * queue as it was (the run is not an attempt), to run again after `inMs` (at once without).
   */
  | { outcome: 'released'; inMs?: number }
  | { outcome: 'retrying'; error: string; inMs: number }
  | { outcome: 'failed'; error: string };

/** The error a run ends with when it takes longer than its kind's `timeoutMs`, as `get` and `onChange` show it. */
export const timedOutError = (timeoutMs: number | undefined) => `timed out after ${timeoutMs} ms`;
export const isTimedOut = (error: string | undefined) => error?.startsWith('timed out after ') ?? false;

export const retryDelayMs = (attempt: number, backoffMs: number) => backoffMs * 2 ** (attempt - 1);

const jobIdPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export class InvalidJobId extends Error {
  constructor(id: string) {
    super(`job id '${id}' must be 1-200 letters, digits, '.', '_' or '-', not only digits`);
  }
}

export class UnknownJobKind extends Error {
  constructor(kind: string) {
    super(`job kind '${kind}' is not declared to the queue`);
  }
}

/** BullMQ refuses ids that read as integers or hold ':'; every adapter takes the same ids. */
export function assertJobId(id: string) {
  if (!jobIdPattern.test(id) || /^\d+$/.test(id)) throw new InvalidJobId(id);
}

export const defaultListLimit = 100;
