import { type Job, type JobType, Queue, QueueEvents } from 'bullmq';
import { openRedis, redisConnection } from '../redis/redis-connection.ts';
import { startBullmqJobWorkers } from './bullmq-job-workers.ts';
import {
  type BullmqJobData,
  bullmqKeys,
  CANCELLED_REASON,
  cancelledRecord,
  parseCancelledRecord,
  snapshotOf,
} from './bullmq-snapshot.ts';
import {
  assertJobId,
  defaultListLimit,
  isFinal,
  type JobCounts,
  type JobKind,
  type JobQueue,
  type JobSnapshot,
  type JobState,
  UnknownJobKind,
} from './job-queue-port.ts';

export interface BullmqJobQueueOptions {
  redisUrl: string;
  /** Prefix of every key (environments, or test runs, sharing one Redis). */
  prefix: string;
  kinds: readonly JobKind<unknown>[];
  /** How long a running job's lock lasts without renewal: a dead worker's job is taken again after it. */
  leaseMs?: number;
}

const FINISHED_KEPT_SECONDS = 30 * 24 * 3_600;

const bullTypesOf: Record<JobState, JobType[]> = {
  queued: ['waiting', 'delayed', 'prioritized', 'waiting-children'],
  running: ['active'],
  completed: ['completed'],
  failed: ['failed'],
  cancelled: ['waiting', 'delayed', 'prioritized', 'failed'],
};
const everyType: JobType[] = ['waiting', 'delayed', 'prioritized', 'waiting-children', 'active', 'completed', 'failed'];

/**
 * The distributed adapter of the Jobs port: one BullMQ queue per kind on Redis, its global concurrency the kind's,
 * retries with BullMQ's exponential back-off. BullMQ has no cancelled state: a cancelled job leaves BullMQ's sets
 * and is kept as a record in a hash per kind; a running one is told through a Redis channel its workers listen on.
 */
export async function openBullmqJobQueue(options: BullmqJobQueueOptions): Promise<JobQueue> {
  const { redisUrl, prefix, kinds, leaseMs = 30_000 } = options;
  const keys = bullmqKeys(prefix);
  const redis = openRedis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true });
  redis.on('error', () => undefined); // reported by ping (/ready), not as an unhandled event
  await redis.connect().catch(() => undefined);
  const queues = new Map<string, Queue<BullmqJobData>>();
  for (const kind of kinds) {
    const queue = new Queue<BullmqJobData>(kind.name, { connection: redisConnection(redisUrl), prefix });
    queue.on('error', () => undefined);
    queues.set(kind.name, queue);
  }
  const queueOf = (name: string) => {
    const queue = queues.get(name);
    if (!queue) throw new UnknownJobKind(name);
    return queue;
  };
  const concurrencySet = new Set<string>();
  // Across every worker of the kind, whichever process runs it; set once per process, the same value each time.
  const ensureConcurrency = async (kind: JobKind<unknown>) => {
    if (concurrencySet.has(kind.name)) return;
    await queueOf(kind.name).setGlobalConcurrency(kind.concurrency);
    concurrencySet.add(kind.name);
  };

  async function find(id: string): Promise<{ job: Job<BullmqJobData>; snapshot: JobSnapshot } | undefined> {
    for (const queue of queues.values()) {
      const read = (await queue.getJob(id)) as Job<BullmqJobData> | undefined;
      if (!read) continue;
      const state = await read.getState();
      // The job may have ended between the two reads: a final one is read again, as it ended (its reason, result).
      const job =
        state === 'completed' || state === 'failed'
          ? ((await queue.getJob(id)) as Job<BullmqJobData> | undefined)
          : read;
      const snapshot = job && snapshotOf(job, state);
      if (job && snapshot) return { job, snapshot };
    }
    return undefined;
  }
  async function cancelledOne(id: string) {
    for (const kind of kinds) {
      const record = await redis.hget(keys.cancelled(kind.name), id);
      if (record) return parseCancelledRecord(record);
    }
    return undefined;
  }
  const get = async (id: string) => (await find(id))?.snapshot ?? (await cancelledOne(id));

  async function listed(kind: string, state: JobState | undefined, limit: number) {
    const queue = queueOf(kind);
    const found: JobSnapshot[] = [];
    if (state === 'cancelled' || state === undefined)
      found.push(...Object.values(await redis.hgetall(keys.cancelled(kind))).map(parseCancelledRecord));
    for (const type of state ? bullTypesOf[state] : everyType) {
      const jobs = (await queue.getJobs([type], 0, limit - 1)) as Job<BullmqJobData>[];
      for (const job of jobs) {
        const snapshot = snapshotOf(job, type);
        if (snapshot && (!state || snapshot.state === state)) found.push(snapshot);
      }
    }
    return found;
  }

  return {
    adapter: 'bullmq',
    kinds,
    async enqueue(kind, payload, { jobId }) {
      assertJobId(jobId);
      const queue = queueOf(kind.name);
      const checked = kind.payload.parse(payload);
      const existing = await get(jobId);
      if (existing) return existing;
      await ensureConcurrency(kind as JobKind<unknown>);
      // BullMQ adds nothing when the id is already in the queue: enqueueing twice at once runs the job once.
      await queue.add(
        kind.name,
        { payload: checked },
        {
          jobId,
          attempts: kind.retry.attempts,
          backoff: { type: 'exponential', delay: kind.retry.backoffMs },
          removeOnComplete: { age: FINISHED_KEPT_SECONDS },
          removeOnFail: { age: FINISHED_KEPT_SECONDS },
        },
      );
      return (await get(jobId)) as JobSnapshot;
    },
    get,
    async list(filter = {}) {
      const limit = filter.limit ?? defaultListLimit;
      const names = filter.kind ? [filter.kind] : kinds.map((kind) => kind.name);
      const found = (await Promise.all(names.map((name) => listed(name, filter.state, limit)))).flat();
      const unique = [...new Map(found.map((job) => [job.id, job])).values()];
      return unique.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, limit);
    },
    async cancel(id) {
      const found = await find(id);
      if (!found) return cancelledOne(id);
      const { job, snapshot } = found;
      if (isFinal(snapshot.state)) return snapshot;
      // Flagged first: a worker taking the job from now on settles it cancelled without running it.
      await job.updateData({ ...job.data, cancelRequested: true });
      const removed = await job.remove().then(
        () => true,
        () => false, // locked: a worker runs it
      );
      if (removed) {
        await redis.hset(keys.cancelled(job.name), id, cancelledRecord(snapshot));
        return get(id);
      }
      await redis.publish(keys.cancelChannel, id);
      return get(id);
    },
    async counts() {
      const counts: JobCounts = {};
      for (const [name, queue] of queues) {
        const bull = await queue.getJobCounts(...everyType);
        const cancelledRunning = await queue.getJobs(['failed'], 0, 99);
        const settling = cancelledRunning.filter((job) => job.failedReason === CANCELLED_REASON).length;
        counts[name] = {
          queued: (bull.waiting ?? 0) + (bull.delayed ?? 0) + (bull.prioritized ?? 0) + (bull['waiting-children'] ?? 0),
          running: bull.active ?? 0,
          completed: bull.completed ?? 0,
          failed: (bull.failed ?? 0) - settling,
          cancelled: (await redis.hlen(keys.cancelled(name))) + settling,
        };
      }
      return counts;
    },
    async onChange(listener) {
      const watchers = kinds.map((kind) => {
        const events = new QueueEvents(kind.name, { connection: redisConnection(redisUrl), prefix });
        events.on('error', () => undefined);
        const tell = ({ jobId }: { jobId: string }) =>
          void get(jobId).then(
            (job) => job && listener(job),
            () => undefined,
          );
        for (const event of ['active', 'progress', 'completed', 'failed', 'waiting', 'delayed', 'removed'] as const)
          events.on(event, tell);
        return events;
      });
      await Promise.all(watchers.map((events) => events.waitUntilReady()));
      return async () => {
        await Promise.all(watchers.map((events) => events.close()));
      };
    },
    async startWorkers(registrations, workerOptions = {}) {
      for (const { kind } of registrations) await ensureConcurrency(kind);
      return startBullmqJobWorkers(
        {
          redisUrl,
          prefix,
          leaseMs,
          queueOf,
          record: (kind, id, job) => redis.hset(keys.cancelled(kind), id, job),
          ping: () => redis.ping(),
        },
        registrations,
        workerOptions,
      );
    },
    ping: async () => void (await redis.ping()),
    async close() {
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      redis.disconnect();
    },
  };
}
