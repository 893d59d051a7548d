import { Counter, Gauge, type Registry } from 'prom-client';
import type { Dependency } from '../dependency.ts';
import type { LogConsumer } from './log-port.ts';

export type WorkerName = Extract<Dependency['name'], `${string}-worker`>;

const reportedBy = new WeakMap<Registry, Map<WorkerName, LogConsumer>>();

/** The workers whose consumers a registry's metrics read at each scrape (the metrics registered on first use). */
function reportedIn(metrics: Registry) {
  const known = reportedBy.get(metrics);
  if (known) return known;
  const workers = new Map<WorkerName, LogConsumer>();
  reportedBy.set(metrics, workers);
  const counted = new WeakMap<LogConsumer, number>();
  new Gauge({
    name: 'nq_log_consumer_up',
    help: "1 while a worker's log consumer consumes, 0 while it cannot (it keeps reconnecting)",
    labelNames: ['worker', 'group'],
    registers: [metrics],
    collect() {
      this.reset();
      for (const [worker, consumer] of workers) {
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
      for (const [worker, consumer] of workers) {
        const { groupId, interruptions } = consumer.status();
        const more = interruptions - (counted.get(consumer) ?? 0);
        if (more > 0) this.inc({ worker, group: groupId }, more);
        counted.set(consumer, interruptions);
      }
    },
  });
  return workers;
}

/**
 * Says where operators look whether each worker's consumer can consume: a dependency of /ready named after the
 * worker (down, with the reason, while it cannot), and its gauge and interruptions on /metrics. Resolves to the
 * function that stops reporting them.
 */
export function reportConsumers(
  consumers: Partial<Record<WorkerName, LogConsumer>>,
  into: { dependencies: Dependency[]; metrics: Registry; adapter: string },
): () => void {
  const workers = reportedIn(into.metrics);
  const added: Dependency[] = [];
  for (const [name, consumer] of Object.entries(consumers) as [WorkerName, LogConsumer][]) {
    workers.set(name, consumer);
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
