import type { SchemaModule } from '../sql/migrations.ts';
import type { SqlExecutor } from '../sql/sql-client.ts';
import { type JobSnapshot, type JobState, jobStates } from './job-queue-port.ts';

// `run_after` is when a queued job may run, and a running job's lease: past it, its worker is taken for dead and the
// job is claimed again.
const tables = `
create table job_queue (
  id text primary key,
  kind text not null,
  payload jsonb not null,
  state text not null default 'queued',
  attempts integer not null default 0,
  run_after timestamptz not null default now(),
  lease_owner text,
  cancel_requested boolean not null default false,
  progress jsonb not null default '{}'::jsonb,
  result jsonb,
  error text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz);
create index job_queue_due on job_queue (kind, run_after) where state in ('queued', 'running');
create index job_queue_listed on job_queue (kind, state, created_at desc);
create index job_queue_newest on job_queue (created_at desc);
`;
export const jobQueueSchema: SchemaModule = { name: 'job-queue', migrations: [{ id: '1-tables', up: tables }] };

/** One channel for the queue's news: `queued:<kind>`, `cancel:<id>`, `changed:<id>`. */
export const jobQueueChannel = 'job_queue';

export async function notifyJobs(executor: SqlExecutor, ...payloads: string[]) {
  for (const payload of payloads) await executor.query('select pg_notify($1, $2)', [jobQueueChannel, payload]);
}

export interface JobRow {
  id: string;
  kind: string;
  payload: unknown;
  state: string;
  attempts: number;
  progress: JobSnapshot['progress'];
  result: JobSnapshot['result'] | null;
  error: string | null;
  cancel_requested: boolean;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

const toState = (state: string): JobState => {
  if (!(jobStates as readonly string[]).includes(state)) throw new Error(`unknown job state '${state}'`);
  return state as JobState;
};

export function snapshotOf(row: JobRow): JobSnapshot {
  return {
    id: row.id,
    kind: row.kind,
    state: toState(row.state),
    payload: row.payload,
    attempts: row.attempts,
    progress: row.progress,
    ...(row.error === null ? {} : { error: row.error }),
    ...(row.result === null ? {} : { result: row.result }),
    cancelRequested: row.cancel_requested,
    createdAt: new Date(row.created_at),
    ...(row.started_at === null ? {} : { startedAt: new Date(row.started_at) }),
    ...(row.finished_at === null ? {} : { finishedAt: new Date(row.finished_at) }),
  };
}
