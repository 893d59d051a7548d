import { migrate } from '../sql/migrations.ts';
import type { SqlClient } from '../sql/sql-client.ts';
import {
  assertJobId,
  defaultListLimit,
  type JobCounts,
  type JobKind,
  type JobQueue,
  type JobSnapshot,
  jobStates,
  UnknownJobKind,
} from './job-queue-port.ts';
import { type JobRow, jobQueueChannel, jobQueueSchema, notifyJobs, snapshotOf } from './sql-job-table.ts';
import { startSqlJobWorkers } from './sql-job-workers.ts';

export interface SqlJobQueueOptions {
  kinds: readonly JobKind<unknown>[];
  /** How long a running job's worker holds it without renewing (renewed every third of it): its death is noticed after. */
  leaseMs?: number;
  /** How often workers look for due jobs (retries); an enqueued job wakes them at once. */
  pollIntervalMs?: number;
}

/**
 * The embedded adapter of the Jobs port: a table of the platform's database (PGlite, or PostgreSQL) that workers in
 * any number of processes claim rows from (`for update skip locked`, one claim at a time per kind so that its
 * concurrency holds across processes), each holding a lease it renews while the job runs.
 */
export async function openSqlJobQueue(sql: SqlClient, options: SqlJobQueueOptions): Promise<JobQueue> {
  await migrate(sql, jobQueueSchema);
  const { kinds, leaseMs = 30_000, pollIntervalMs = 1_000 } = options;
  const known = new Map(kinds.map((kind) => [kind.name, kind]));

  const get = async (id: string) => {
    const [row] = await sql.query<JobRow>('select * from job_queue where id = $1', [id]);
    return row && snapshotOf(row);
  };

  return {
    adapter: 'embedded',
    kinds,
    async enqueue(kind, payload, { jobId }) {
      assertJobId(jobId);
      if (!known.has(kind.name)) throw new UnknownJobKind(kind.name);
      const checked = kind.payload.parse(payload);
      await sql.transaction(async (tx) => {
        const inserted = await tx.query(
          `insert into job_queue (id, kind, payload) values ($1, $2, $3::jsonb) on conflict (id) do nothing
           returning id`,
          [jobId, kind.name, JSON.stringify(checked ?? null)],
        );
        if (inserted.length > 0) await notifyJobs(tx, `queued:${kind.name}`, `changed:${jobId}`);
      });
      return (await get(jobId)) as JobSnapshot;
    },
    get,
    async list(filter = {}) {
      const rows = await sql.query<JobRow>(
        `select * from job_queue where ($1::text is null or kind = $1) and ($2::text is null or state = $2)
         order by created_at desc, id limit $3`,
        [filter.kind ?? null, filter.state ?? null, filter.limit ?? defaultListLimit],
      );
      return rows.map(snapshotOf);
    },
    async cancel(id) {
      await sql.transaction(async (tx) => {
        const [row] = await tx.query<{ state: string }>(
          `update job_queue set
             state = case when state = 'queued' then 'cancelled' else state end,
             finished_at = case when state = 'queued' then now() else finished_at end,
             cancel_requested = state = 'running'
           where id = $1 and state in ('queued', 'running') returning state`,
          [id],
        );
        if (row) await notifyJobs(tx, `cancel:${id}`, `changed:${id}`);
      });
      return get(id);
    },
    async counts() {
      const rows = await sql.query<{ kind: string; state: string; jobs: number }>(
        'select kind, state, count(*)::int as jobs from job_queue group by kind, state',
      );
      const zero = () => Object.fromEntries(jobStates.map((state) => [state, 0])) as JobCounts[string];
      const counts: JobCounts = Object.fromEntries(kinds.map((kind) => [kind.name, zero()]));
      for (const row of rows) {
        counts[row.kind] ??= zero();
        (counts[row.kind] as Record<string, number>)[row.state] = row.jobs;
      }
      return counts;
    },
    onChange: (listener) =>
      sql.listen(jobQueueChannel, (payload) => {
        if (!payload.startsWith('changed:')) return;
        void get(payload.slice('changed:'.length)).then(
          (job) => job && listener(job),
          () => undefined,
        );
      }),
    startWorkers: (registrations, workerOptions = {}) => {
      for (const { kind } of registrations) if (!known.has(kind.name)) throw new UnknownJobKind(kind.name);
      return startSqlJobWorkers(sql, registrations, { ...workerOptions, leaseMs, pollIntervalMs });
    },
    ping: async () => void (await sql.query('select 1')),
    close: async () => undefined,
  };
}
