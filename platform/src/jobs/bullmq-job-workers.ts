import { setTimeout as sleep } from 'node:timers/promises';
import { DelayedError, type Job, type Queue, UnrecoverableError, Worker } from 'bullmq';
import { logOfProcess } from '../logging/process-log.ts';
import { openRedis, redisConnection } from '../redis/redis-connection.ts';
import {
  attemptsOf,
  type BullmqJobData,
  bullmqKeys,
  CANCELLED_REASON,
  cancelledRecord,
  snapshotOf,
} from './bullmq-snapshot.ts';
import type { JobRegistration, JobResult, JobWorkerOptions, JobWorkers, JobWorkersStatus } from './job-queue-port.ts';
import { runAttempt } from './run-attempt.ts';

export interface BullmqWorkerContext {
  redisUrl: string;
  prefix: string;
  leaseMs: number;
  queueOf(kind: string): Queue<BullmqJobData>;
  /** Keeps a cancelled job's record (BullMQ has no cancelled state). */
  record(kind: string, id: string, job: string): Promise<unknown>;
  /** Answers once the queues' Redis does (after a restart or a failover, once its primary is found again). */
  ping(): Promise<unknown>;
}

const LOST_WORKER = 'its worker stopped before it finished (the lock expired)';

/** How often workers that lost their connection are checked for having it back. */
const RECOVERY_CHECK_MS = 1_000;

/** How long a worker may take to close before its connections are dropped. */
const CLOSE_WAIT_MS = 5_000;

/**
 * Closes a BullMQ worker (its running jobs handed back first), or drops its connections when closing does not end:
 * a worker whose connection went through a Redis outage can wait for ever for its blocking client to end
 * (taskforcesh/bullmq#4656), and the process would never stop.
 */
async function closeWithin(worker: Worker, waitMs: number) {
  const closing = worker.close().then(() => true);
  closing.catch(() => undefined);
  if (await Promise.race([closing, sleep(waitMs).then(() => false)]).catch(() => false)) return;
  await Promise.race([worker.disconnect().catch(() => undefined), sleep(waitMs)]);
}

/** One BullMQ worker per kind (its concurrency the kind's), and a subscription to cancellations. */
export async function startBullmqJobWorkers(
  context: BullmqWorkerContext,
  registrations: readonly JobRegistration[],
  options: JobWorkerOptions,
): Promise<JobWorkers> {
  const { redisUrl, prefix, leaseMs } = context;
  const log = options.log ?? logOfProcess;
  const stopping = new AbortController();
  const running = new Map<string, AbortController>();
  let health: Omit<JobWorkersStatus, 'running'> = { working: true };

  const subscriber = openRedis(redisUrl, { maxRetriesPerRequest: null });
  subscriber.on('error', () => undefined);
  subscriber.on('message', (_channel, id: string) => running.get(id)?.abort());
  await subscriber.subscribe(bullmqKeys(prefix).cancelChannel);

  const processorOf =
    (registration: JobRegistration) =>
    async (job: Job<BullmqJobData>, token?: string): Promise<JobResult | null> => {
      const id = job.id as string;
      const kind = registration.kind.name;
      const attempt = Math.max(1, attemptsOf(job));
      if (attempt > registration.kind.retry.attempts) throw new UnrecoverableError(LOST_WORKER);
      const cancel = new AbortController();
      running.set(id, cancel);
      try {
        // Read after subscribing to cancellations, so that one asked in between is seen either way.
        const fresh = (await context.queueOf(kind).getJob(id)) as Job<BullmqJobData> | undefined;
        if (fresh?.data.cancelRequested) cancel.abort();
        let progress = typeof job.progress === 'object' ? job.progress : {};
        const started = performance.now();
        const outcome = await runAttempt({
          registration,
          id,
          payload: job.data.payload,
          attempt,
          cancelled: cancel.signal,
          stopping: stopping.signal,
          reportProgress: async (update) => {
            progress = { ...progress, ...update };
            await job.updateProgress(progress);
          },
        });
        options.onRunEnded?.(kind, outcome.outcome, (performance.now() - started) / 1_000);
        switch (outcome.outcome) {
          case 'completed':
            return outcome.result ?? null;
          case 'cancelled': {
            const snapshot = snapshotOf(job, 'active');
            if (snapshot) await context.record(kind, id, cancelledRecord({ ...snapshot, progress }));
            throw new UnrecoverableError(CANCELLED_REASON);
          }
          case 'released': {
            const data = (await context.queueOf(kind).getJob(id))?.data ?? job.data;
            await job.updateData({ ...data, released: (data.released ?? 0) + 1 });
            await job.moveToDelayed(Date.now() + (outcome.inMs ?? 0), token);
            throw new DelayedError();
          }
          case 'retrying':
            throw new Error(outcome.error);
          case 'failed':
            log.error({ job: id, kind, error: outcome.error }, 'job failed');
            throw new UnrecoverableError(outcome.error);
        }
      } finally {
        running.delete(id);
      }
    };

  // An idle worker that reconnected (a Redis restart, a failover) emits nothing: it is seen working again once the
  // queues' Redis answers (the workers' connections find it as the queue's does).
  let recovering: NodeJS.Timeout | undefined;
  const recoverWhenReachable = () => {
    if (recovering || stopping.signal.aborted) return;
    recovering = setInterval(() => {
      void context
        .ping()
        .then(() => {
          health = { working: true };
          clearInterval(recovering);
          recovering = undefined;
        })
        .catch(() => undefined);
    }, RECOVERY_CHECK_MS);
    recovering.unref();
  };

  const workers = registrations.map((registration) => {
    const worker = new Worker<BullmqJobData, JobResult | null>(registration.kind.name, processorOf(registration), {
      connection: { ...redisConnection(redisUrl), maxRetriesPerRequest: null },
      prefix,
      concurrency: registration.kind.concurrency,
      lockDuration: leaseMs,
      stalledInterval: leaseMs,
      maxStalledCount: registration.kind.retry.attempts,
    });
    worker.on('error', (error) => {
      if (health.working)
        log.error({ err: error, kind: registration.kind.name }, 'job queue unavailable: trying again');
      health = { working: false, reason: error.message };
      recoverWhenReachable();
    });
    for (const event of ['ready', 'active', 'drained', 'completed'] as const)
      worker.on(event, () => {
        health = { working: true };
      });
    // The cancelled run's record is kept apart: its BullMQ job leaves the failed set.
    worker.on('failed', (job) => {
      if (job?.failedReason === CANCELLED_REASON) void job.remove().catch(() => undefined);
    });
    return worker;
  });
  await Promise.all(workers.map((worker) => worker.waitUntilReady()));

  return {
    status: () => ({ ...health, running: running.size }),
    async stop() {
      stopping.abort(new Error('the job worker is stopping'));
      clearInterval(recovering);
      await Promise.all(workers.map((worker) => closeWithin(worker, CLOSE_WAIT_MS)));
      subscriber.disconnect();
    },
  };
}
