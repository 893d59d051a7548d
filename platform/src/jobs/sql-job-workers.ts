import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { logOfProcess } from '../logging/process-log.ts';
import type { SqlClient, SqlParam } from '../sql/sql-client.ts';
import type {
  JobKind,
  JobProgress,
  JobRegistration,
  JobWorkerOptions,
  JobWorkers,
  JobWorkersStatus,
  RunOutcome,
} from './job-queue-port.ts';
import { runAttempt } from './run-attempt.ts';
import { jobQueueChannel, notifyJobs } from './sql-job-table.ts';

interface Options extends JobWorkerOptions {
  leaseMs: number;
  pollIntervalMs: number;
}

interface Claimed {
  id: string;
  payload: unknown;
  attempts: number;
}

interface InFlight {
  kind: string;
  cancel: AbortController;
  lost: AbortController;
  done: Promise<void>;
}

const FINISHED_KEPT_DAYS = 30;
const PRUNE_EVERY_MS = 3_600_000;
const LOST_WORKER = 'its worker stopped before it finished (the lease expired)';

/** Claims due jobs of a kind, never more than its concurrency running (live leases) across every worker. */
async function claim(sql: SqlClient, kind: JobKind<unknown>, owner: string, leaseMs: number): Promise<Claimed[]> {
  return sql.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`nq-job-queue:${kind.name}`]);
    // Runs whose worker died: ended if they were being cancelled or have no attempt left, claimed again otherwise.
    const ended = await tx.query<{ id: string }>(
      `update job_queue set
         state = case when cancel_requested then 'cancelled' else 'failed' end,
         error = case when cancel_requested then error else $2 end,
         finished_at = now(), lease_owner = null
       where kind = $1 and state = 'running' and run_after <= now() and (cancel_requested or attempts >= $3)
       returning id`,
      [kind.name, LOST_WORKER, kind.retry.attempts],
    );
    await notifyJobs(tx, ...ended.map((row) => `changed:${row.id}`));
    const [live] = await tx.query<{ running: number }>(
      `select count(*)::int as running from job_queue where kind = $1 and state = 'running' and run_after > now()`,
      [kind.name],
    );
    const free = kind.concurrency - (live?.running ?? 0);
    if (free <= 0) return [];
    const claimed = await tx.query<Claimed>(
      `update job_queue set state = 'running', attempts = attempts + 1, lease_owner = $2, started_at = now(),
         run_after = now() + make_interval(secs => $3)
       where id in (select id from job_queue where kind = $1 and state in ('queued', 'running') and run_after <= now()
                    order by run_after, created_at, id limit $4 for update skip locked)
       returning id, payload, attempts`,
      [kind.name, owner, leaseMs / 1_000, free],
    );
    await notifyJobs(tx, ...claimed.map((row) => `changed:${row.id}`));
    return claimed;
  });
}

const settlements: Record<RunOutcome['outcome'], string> = {
  completed: `state = 'completed', result = $3::jsonb, error = null, finished_at = now()`,
  cancelled: `state = 'cancelled', finished_at = now()`,
  released: `state = 'queued', attempts = attempts - 1, run_after = now() + make_interval(secs => $3)`,
  retrying: `state = 'queued', error = $3, run_after = now() + make_interval(secs => $4)`,
  failed: `state = 'failed', error = $3, finished_at = now()`,
};

async function settle(sql: SqlClient, id: string, kind: string, owner: string, outcome: RunOutcome) {
  const params: SqlParam[] = [id, owner];
  if (outcome.outcome === 'completed')
    params.push(outcome.result === undefined ? null : JSON.stringify(outcome.result));
  if (outcome.outcome === 'retrying' || outcome.outcome === 'failed') params.push(outcome.error);
  if (outcome.outcome === 'retrying') params.push(outcome.inMs / 1_000);
  if (outcome.outcome === 'released') params.push((outcome.inMs ?? 0) / 1_000);
  await sql.transaction(async (tx) => {
    // Only while this worker holds the lease: a run that lost it (another worker took the job) changes nothing.
    const settled = await tx.query(
      `update job_queue set ${settlements[outcome.outcome]}, lease_owner = null
       where id = $1 and lease_owner = $2 and state = 'running' returning id`,
      params,
    );
    if (settled.length === 0) return;
    const requeued = outcome.outcome === 'released' || outcome.outcome === 'retrying';
    await notifyJobs(tx, `changed:${id}`, ...(requeued ? [`queued:${kind}`] : []));
  });
}

/** The embedded adapter's workers: one loop claiming every registered kind's due jobs, leases renewed meanwhile. */
export async function startSqlJobWorkers(
  sql: SqlClient,
  registrations: readonly JobRegistration[],
  options: Options,
): Promise<JobWorkers> {
  const { leaseMs, pollIntervalMs } = options;
  const log = options.log ?? logOfProcess;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const stopping = new AbortController();
  const inFlight = new Map<string, InFlight>();
  let health: Omit<JobWorkersStatus, 'running'> = { working: true };
  let lastPrune = 0;

  let woken = false;
  let endRest: (() => void) | undefined;
  const wake = () => {
    woken = true;
    endRest?.();
  };
  const rest = () =>
    new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        endRest = undefined;
        woken = false;
        resolve();
      };
      const timer = setTimeout(finish, woken ? 0 : pollIntervalMs);
      endRest = finish;
    });

  const unlisten = await sql.listen(jobQueueChannel, (payload) => {
    if (payload.startsWith('cancel:')) inFlight.get(payload.slice('cancel:'.length))?.cancel.abort();
    else if (payload.startsWith('queued:')) wake();
  });

  const reportProgress = (id: string) => async (progress: JobProgress) => {
    await sql.query(
      `update job_queue set progress = progress || $3::jsonb where id = $1 and lease_owner = $2 and state = 'running'`,
      [id, owner, JSON.stringify(progress)],
    );
    await notifyJobs(sql, `changed:${id}`);
  };

  function start(registration: JobRegistration, job: Claimed) {
    const cancel = new AbortController();
    const lost = new AbortController();
    const kind = registration.kind.name;
    const started = performance.now();
    const done = runAttempt({
      registration,
      id: job.id,
      payload: job.payload,
      attempt: job.attempts,
      cancelled: cancel.signal,
      stopping: AbortSignal.any([stopping.signal, lost.signal]),
      reportProgress: reportProgress(job.id),
    })
      .then(async (outcome) => {
        await settle(sql, job.id, kind, owner, outcome);
        options.onRunEnded?.(kind, outcome.outcome, (performance.now() - started) / 1_000);
        if (outcome.outcome === 'failed') log.error({ job: job.id, kind, error: outcome.error }, 'job failed');
      })
      .catch((error: unknown) => log.error({ err: error, job: job.id, kind }, 'job outcome not recorded'))
      .finally(() => {
        inFlight.delete(job.id);
        wake();
      });
    inFlight.set(job.id, { kind, cancel, lost, done });
  }

  async function renewLeases() {
    if (inFlight.size === 0) return;
    const ids = [...inFlight.keys()];
    const renewed = await sql.query<{ id: string; cancel_requested: boolean }>(
      `update job_queue set run_after = now() + make_interval(secs => $3)
       where lease_owner = $1 and state = 'running' and id in (select jsonb_array_elements_text($2::jsonb))
       returning id, cancel_requested`,
      [owner, JSON.stringify(ids), leaseMs / 1_000],
    );
    const held = new Map(renewed.map((row) => [row.id, row.cancel_requested]));
    for (const id of ids) {
      const run = inFlight.get(id);
      if (!held.has(id)) run?.lost.abort();
      else if (held.get(id)) run?.cancel.abort();
    }
  }
  const heartbeat = setInterval(
    () => renewLeases().catch((error: unknown) => log.warn({ err: error }, 'job leases not renewed')),
    leaseMs / 3,
  );

  async function pruneFinished() {
    if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = Date.now();
    await sql.query(
      `delete from job_queue where state in ('completed', 'failed', 'cancelled')
       and finished_at < now() - make_interval(days => $1)`,
      [FINISHED_KEPT_DAYS],
    );
  }

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      try {
        for (const registration of registrations) {
          if (stopping.signal.aborted) break;
          for (const job of await claim(sql, registration.kind, owner, leaseMs)) start(registration, job);
        }
        await pruneFinished();
        if (!health.working) log.warn({}, 'job queue reachable again: workers resume');
        health = { working: true };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (health.working) log.error({ err: error }, 'job queue unavailable: trying again');
        health = { working: false, reason };
      }
      if (!stopping.signal.aborted) await rest();
    }
  })();

  return {
    status: () => ({ ...health, running: inFlight.size }),
    async stop() {
      stopping.abort(new Error('the job worker is stopping'));
      wake();
      await loop;
      clearInterval(heartbeat);
      await Promise.all([...inFlight.values()].map((run) => run.done));
      await unlisten();
    },
  };
}
