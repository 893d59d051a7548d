import type { EventStore } from '@nq/platform/event-store/event-store-port';
import type { FleetTopics } from '@nq/platform/log/fleet-topics';
import type { LogConsumer, LogPort } from '@nq/platform/log/log-port';
import { consumerGroupOf } from '@nq/platform/log/pipeline';
import type { MeasurementStore } from '@nq/platform/measurements/measurement-store-port';
import type { PlatformWorker } from '@nq/platform/platform';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import { Counter, Histogram, type Registry } from 'prom-client';
import { enrichment } from './enrichment.ts';
import { deadLetterMessage, enrichedMessage, ingestBatch } from './ingest-batch.ts';

export interface IngestDependencies {
  log: LogPort;
  topics: FleetTopics;
  store: MeasurementStore;
  readStore: ReadStore;
  /** What tells enrichment of configuration changes: a fake without the log (`readAll`) has an empty one. */
  eventStore: Pick<EventStore, 'onAppend' | 'head' | 'readStreams'> & Partial<Pick<EventStore, 'readAll'>>;
  metrics?: Registry;
  maxBatchSize?: number;
  /** Batches of different partitions in hand at once (default 4): one is parsed and enriched while others are written. */
  partitionsAtOnce?: number;
  /** How long a batch waits for the read models to show a probe it does not know (INGEST_UNKNOWN_PROBE_WAIT_MS). */
  unknownProbeWaitMs?: number;
}

function ingestMetrics(registry: Registry | undefined) {
  const registers = registry ? [registry] : [];
  const existing = (name: string) => registry?.getSingleMetric(name);
  return {
    measurements:
      (existing('nq_ingest_measurements_total') as Counter<'outcome'> | undefined) ??
      new Counter({
        name: 'nq_ingest_measurements_total',
        help: 'Measurements ingested (indexed), sent again by their probe (duplicate) or dead-lettered (invalid, refused, unknownProbe)',
        labelNames: ['outcome'],
        registers,
      }),
    lag:
      (existing('nq_ingest_lag_seconds') as Histogram | undefined) ??
      new Histogram({
        name: 'nq_ingest_lag_seconds',
        help: 'Time from a result reaching the gateway to its measurement being indexed',
        buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
        registers,
      }),
  };
}

/**
 * The ingest workers: a consumer group on `measurements.raw`. Each batch is validated, enriched and
 * written before its offsets are committed; invalid or refused messages, and those of a probe that does not exist, go
 * to `measurements.dlq` with the reason and the original payload (never dropped silently); indexed measurements go on
 * to `measurements.enriched` for alerting.
 */
export async function startIngestWorker(dependencies: IngestDependencies): Promise<LogConsumer> {
  const { log, topics, store, eventStore } = dependencies;
  const facts = enrichment(
    dependencies.readStore,
    {
      head: () => eventStore.head(),
      readAll: async (after, limit) => (await eventStore.readAll?.(after, limit)) ?? [],
      readStreams: (streamIds) => eventStore.readStreams(streamIds),
    },
    {
      ...(dependencies.unknownProbeWaitMs ? { unknownProbeWaitMs: dependencies.unknownProbeWaitMs } : {}),
    },
  );
  const unsubscribe = await eventStore.onAppend(() => facts.invalidate());
  const metrics = ingestMetrics(dependencies.metrics);
  const consumer = await log.consume({
    groupId: consumerGroupOf(topics, 'ingest'),
    topics: [topics.measurementsRaw],
    maxBatchSize: dependencies.maxBatchSize ?? 1_000,
    partitionsAtOnce: dependencies.partitionsAtOnce ?? 4,
    handle: async (records) => {
      const { indexed, deadLetters, duplicates } = await ingestBatch(records, { enrichment: facts, store });
      await Promise.all([
        log.produce(topics.measurementsDlq, deadLetters.map(deadLetterMessage)),
        log.produce(topics.measurementsEnriched, indexed.map(enrichedMessage)),
      ]);
      const now = Date.now();
      metrics.measurements.inc({ outcome: 'indexed' }, indexed.length);
      if (duplicates > 0) metrics.measurements.inc({ outcome: 'duplicate' }, duplicates);
      for (const letter of deadLetters) metrics.measurements.inc({ outcome: letter.reason });
      for (const { measurement } of indexed) metrics.lag.observe((now - Date.parse(measurement.receivedAt)) / 1_000);
    },
  });
  return {
    stop: async () => {
      await consumer.stop();
      await unsubscribe();
    },
    abort: async () => {
      await consumer.abort();
      await unsubscribe();
    },
    status: consumer.status,
  };
}

/** The ingest worker (measurements.raw → the measurements read model), as processes that run ingest start it. */
export const ingestWorker: PlatformWorker = {
  name: 'ingest-worker',
  runsIn: 'ingest',
  start: (platform) =>
    startIngestWorker({
      log: platform.log,
      topics: platform.topics,
      store: platform.measurements,
      readStore: platform.readStore,
      eventStore: platform.eventStore,
      metrics: platform.metrics,
      unknownProbeWaitMs: platform.config.ingest.unknownProbeWaitMs,
    }),
};
