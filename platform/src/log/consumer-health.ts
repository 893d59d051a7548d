import { setTimeout as delay } from 'node:timers/promises';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Dependency } from '../dependency.ts';
import type { LogConsumer, LogPort, PartitionLag } from './log-port.ts';

export type WorkerName = Extract<Dependency['name'], `${string}-worker`>;

/** A scrape does not wait longer for a group's lag: the log may be down, which the other metrics already say. */
const lagTimeoutMs = 2_000;

interface Reported {
  consumer: LogConsumer;
  log: Pick<LogPort, 'groupLag'>;
}

const reportedBy = new WeakMap<Registry, Map<WorkerName, Reported>>();

/** Records behind per topic, summed over the group's partitions; nothing when the log does not answer in time. */
async function lagByTopic({ consumer, log }: Reported) {
  const lags = await Promise.race([
    log.groupLag(consumer.status().groupId),
    delay(lagTimeoutMs, undefined, { ref: false }),
  ]).catch(() => undefined);
  const byTopic = new Map<string, number>();
  for (const { topic, records } of (lags ?? []) as PartitionLag[])
    byTopic.set(topic, (byTopic.get(topic) ?? 0) + records);
  return byTopic;
}

/** The workers whose consumers a registry's metrics read at each scrape (the metrics registered on first use). */
function reportedIn(metrics: Registry) {
  const known = reportedBy.get(metrics);
  if (known) return known;
  const workers = new Map<WorkerName, Reported>();
  reportedBy.set(metrics, workers);
  const counted = new WeakMap<LogConsumer, number>();
  new Gauge({
    name: 'nq_log_consumer_up',
    help: "1 while a worker's log consumer consumes, 0 while it cannot (it keeps reconnecting)",
    labelNames: ['worker', 'group'],
    registers: [metrics],
    collect() {
      this.reset();
      for (const [worker, { consumer }] of workers) {
        const { groupId, consuming } = consumer.status();
        this.set({ worker, group: groupId }, consuming ? 1 : 0);
      }
    },
  });
  new Counter({
    name: 'nq_log_consumer_interruptions_total',
    help: "Times a worker's log consumer lost the log, each ended by reconnecting and rejoining its group",
    labelNames: ['worker', 'group'],
    registers: [metrics],
    collect() {
      for (const [worker, { consumer }] of workers) {
        const { groupId, interruptions } = consumer.status();
        const more = interruptions - (counted.get(consumer) ?? 0);
        if (more > 0) this.inc({ worker, group: groupId }, more);
        counted.set(consumer, interruptions);
      }
    },
  });
  new Gauge({
    name: 'nq_log_consumer_lag_records',
    help: "Records a worker's consumer group has yet to handle, per topic: the partitions' ends minus its committed offsets",
    labelNames: ['worker', 'group', 'topic'],
    registers: [metrics],
    async collect() {
      const lags = await Promise.all(
        [...workers].map(async ([worker, reported]) => ({ worker, reported, byTopic: await lagByTopic(reported) })),
      );
      this.reset();
      for (const { worker, reported, byTopic } of lags)
        for (const [topic, records] of byTopic)
          this.set({ worker, group: reported.consumer.status().groupId, topic }, records);
    },
  });
  return workers;
}

/**
 * Says where operators look whether each worker's consumer can consume: a dependency of /ready named after the
 * worker (down, with the reason, while it cannot), and its gauge, interruptions and group's lag on /metrics. Resolves
 * to the function that stops reporting them.
 */
export function reportConsumers(
  consumers: Partial<Record<WorkerName, LogConsumer>>,
  into: { dependencies: Dependency[]; metrics: Registry; adapter: string; log: Pick<LogPort, 'groupLag'> },
): () => void {
  const workers = reportedIn(into.metrics);
  const added: Dependency[] = [];
  for (const [name, consumer] of Object.entries(consumers) as [WorkerName, LogConsumer][]) {
    workers.set(name, { consumer, log: into.log });
    const dependency: Dependency = {
      name,
      adapter: `${into.adapter}, group ${consumer.status().groupId}`,
      check: async () => {
        const { consuming, since, reason } = consumer.status();
        if (!consuming) throw new Error(`cannot consume since ${since.toISOString()}: ${reason}`);
      },
    };
    into.dependencies.push(dependency);
    added.push(dependency);
  }
  return () => {
    for (const name of Object.keys(consumers) as WorkerName[]) workers.delete(name);
    for (const dependency of added) into.dependencies.splice(into.dependencies.indexOf(dependency), 1);
  };
}
