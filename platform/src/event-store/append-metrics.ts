import { Histogram, type Registry } from 'prom-client';
import type { EventStore } from './event-store-port.ts';

const name = 'nq_event_store_append_duration_seconds';

function appendDuration(metrics: Registry) {
  return (
    (metrics.getSingleMetric(name) as Histogram<'outcome'> | undefined) ??
    new Histogram({
      name,
      help: 'Time an append takes, its transaction and constraints included, by outcome: appended, replayed (a retried command) or refused (a version conflict, a constraint, a failure)',
      labelNames: ['outcome'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [metrics],
    })
  );
}

/** The event store, each append timed on /metrics (one of several streams as one: it is one transaction). */
export function withAppendMetrics(store: EventStore, metrics: Registry): EventStore {
  const duration = appendDuration(metrics);
  async function timed<T>(append: () => Promise<T>, replayed: (result: T) => boolean): Promise<T> {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1_000;
    try {
      const result = await append();
      duration.observe({ outcome: replayed(result) ? 'replayed' : 'appended' }, seconds());
      return result;
    } catch (error) {
      duration.observe({ outcome: 'refused' }, seconds());
      throw error;
    }
  }
  return {
    ...store,
    append: (request) =>
      timed(
        () => store.append(request),
        (result) => result.replayed,
      ),
    appendMany: (requests) =>
      timed(
        () => store.appendMany(requests),
        (results) => results.every((result) => result.replayed),
      ),
  };
}
