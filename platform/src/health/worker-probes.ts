import type { JobQueue, JobWorkers } from '../jobs/job-queue-port.ts';
import type { LogConsumer, LogPort } from '../log/log-port.ts';
import type { ComponentProbe, ProcessHealth } from './process-health.ts';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A log consumer is ready while it consumes — `consume()` resolved once it had joined its group and been given its
 * partitions — and its group's lag is known (the log answers for the group's committed offsets).
 */
export const consumerProbe =
  (consumer: LogConsumer, log: Pick<LogPort, 'groupLag'>): ComponentProbe =>
  async () => {
    const { groupId, consuming, since, reason, ended } = consumer.status();
    if (ended) return { state: 'failed', reason: ended };
    if (!consuming)
      return { state: 'unavailable', reason: `cannot consume since ${since.toISOString()}: ${reason ?? 'unknown'}` };
    try {
      const partitions = await log.groupLag(groupId);
      return { state: 'ready', lag: partitions.reduce((sum, { records }) => sum + records, 0) };
    } catch (error) {
      return { state: 'unavailable', reason: `the lag of group ${groupId} is unknown: ${messageOf(error)}` };
    }
  };

/** The job workers are ready while they reach the queue (their kinds registered); the lag is the queued jobs. */
export const jobWorkersProbe =
  (workers: JobWorkers, queue: Pick<JobQueue, 'counts'>): ComponentProbe =>
  async () => {
    const { working, reason } = workers.status();
    if (!working) return { state: 'unavailable', reason: `cannot take jobs: ${reason ?? 'the queue is unreachable'}` };
    const counts = await queue.counts();
    return { state: 'ready', lag: Object.values(counts).reduce((sum, states) => sum + (states.queued ?? 0), 0) };
  };

/** A worker that is a task (a schedule, a listener): ready once started. */
export const runningProbe: ComponentProbe = () => ({ state: 'ready' });

const isConsumer = (started: object): started is LogConsumer =>
  'status' in started && typeof started.status === 'function';

/**
 * Watches a started worker on the process's health: a log consumer by its consumption and its group's lag (and its
 * loop for liveness), a task as running. Answers the function that forgets it.
 */
export function watchWorker(
  health: ProcessHealth,
  name: string,
  started: LogConsumer | object,
  log: Pick<LogPort, 'groupLag'>,
) {
  if (!isConsumer(started)) return health.watch(name, runningProbe);
  return health.watch(name, consumerProbe(started, log), () => started.status().ended);
}
