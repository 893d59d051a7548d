import type { Job } from 'bullmq';
import type { JobProgress, JobResult, JobSnapshot, JobState } from './job-queue-port.ts';

/** Keys of the adapter's own records beside BullMQ's. */
export const bullmqKeys = (prefix: string) => ({
  cancelled: (kind: string) => `${prefix}:nq-cancelled:${kind}`,
  cancelChannel: `${prefix}:nq-cancel`,
});

/** What the adapter stores as a BullMQ job's data. */
export interface BullmqJobData {
  payload: unknown;
  /** Set by `cancel`: a worker taking the job settles it cancelled without running it. */
  cancelRequested?: boolean;
  /** Runs handed back to the queue by a stopping worker: not attempts. */
  released?: number;
}

/** The failed reason a cancelled run leaves, for the moment before its job is moved to the cancelled record. */
export const CANCELLED_REASON = 'nq:job-cancelled';

const queuedStates = ['waiting', 'wait', 'delayed', 'prioritized', 'waiting-children', 'paused'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Runs started, those handed back by a stopping worker left out. */
export const attemptsOf = (job: Job<BullmqJobData>) => (job.attemptsStarted ?? 0) - (job.data.released ?? 0);

export function stateOf(bullState: string, job: Job<BullmqJobData>): JobState | undefined {
  if (bullState === 'completed') return 'completed';
  if (bullState === 'failed') return job.failedReason === CANCELLED_REASON ? 'cancelled' : 'failed';
  if (bullState === 'active') return 'running';
  if (queuedStates.includes(bullState)) return job.data.cancelRequested ? 'cancelled' : 'queued';
  return undefined;
}

/** A BullMQ job, in the state BullMQ gives it, as the port shows jobs. */
export function snapshotOf(job: Job<BullmqJobData>, bullState: string): JobSnapshot | undefined {
  const state = stateOf(bullState, job);
  if (!state || !job.id) return undefined;
  const error = state === 'completed' || state === 'cancelled' ? undefined : job.failedReason || undefined;
  return {
    id: job.id,
    kind: job.name,
    state,
    payload: job.data.payload,
    attempts: attemptsOf(job),
    progress: isRecord(job.progress) ? (job.progress as JobProgress) : {},
    ...(error ? { error } : {}),
    ...(state === 'completed' && isRecord(job.returnvalue) ? { result: job.returnvalue as JobResult } : {}),
    cancelRequested: state === 'running' && Boolean(job.data.cancelRequested),
    createdAt: new Date(job.timestamp),
    ...(job.processedOn ? { startedAt: new Date(job.processedOn) } : {}),
    ...(job.finishedOn ? { finishedAt: new Date(job.finishedOn) } : {}),
  };
}

/** The record a cancelled job leaves (BullMQ has no cancelled state): kept in a hash per kind. */
export const cancelledRecord = (job: JobSnapshot): string =>
  JSON.stringify({ ...job, state: 'cancelled', cancelRequested: false, finishedAt: new Date() });

export function parseCancelledRecord(text: string): JobSnapshot {
  const record = JSON.parse(text) as JobSnapshot & { createdAt: string; startedAt?: string; finishedAt?: string };
  return {
    ...record,
    createdAt: new Date(record.createdAt),
    ...(record.startedAt ? { startedAt: new Date(record.startedAt) } : {}),
    ...(record.finishedAt ? { finishedAt: new Date(record.finishedAt) } : {}),
  };
}
