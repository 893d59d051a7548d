import type { EnrichedMeasurement } from '@nq/contracts';
import type { LogConsumer, LogPort, LogRecord } from '@nq/platform/log/log-port';
import { consumerGroupOf } from '@nq/platform/log/pipeline';
import type { PlatformWorker } from '@nq/platform/platform';
import { applyToCube, type CubeInput, type CubeStore, openCubeStore } from '@nq/projections';
import { Counter, Histogram, type Registry } from 'prom-client';
import type { CubeDefinitions } from './cube-definitions.ts';
import { cubeDefinitions } from './cube-definitions.ts';

function cubeMetrics(registry: Registry | undefined) {
  const registers = registry ? [registry] : [];
  const existing = (name: string) => registry?.getSingleMetric(name);
  return {
    rows:
      (existing('nq_cube_rows_written_total') as Counter | undefined) ??
      new Counter({ name: 'nq_cube_rows_written_total', help: 'Cube rows written by the cube maintainer', registers }),
    batch:
      (existing('nq_cube_batch_seconds') as Histogram | undefined) ??
      new Histogram({
        name: 'nq_cube_batch_seconds',
        help: 'Time to add a batch of measurements.enriched to every cube',
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
        registers,
      }),
  };
}

/** Whether a parsed record has what a cube reads of a measurement (ingest validated the rest before publishing it). */
const isMeasurement = (value: unknown): value is EnrichedMeasurement => {
  const candidate = value as Partial<EnrichedMeasurement> | null;
  return (
    typeof candidate?.measurementId === 'string' &&
    typeof candidate.probeId === 'string' &&
    typeof candidate.measuredAt === 'string' &&
    typeof candidate.kpis === 'object' &&
    candidate.kpis !== null
  );
};

/**
 * The measurements of a batch with where ingest read them; a record that is no measurement is skipped. Ingest
 * publishes only what it validated and stored, so the records are not validated again field by field (a full
 * validation cost more than all the rest of the cube's maintenance).
 */
export function cubeInputsOf(records: LogRecord[]): CubeInput[] {
  const inputs: CubeInput[] = [];
  for (const record of records) {
    let measurement: unknown;
    try {
      measurement = JSON.parse(record.value);
    } catch {
      continue;
    }
    // What never came through `measurements.raw` (a demo's history published for alerting) is a rebuild's to count.
    if (!isMeasurement(measurement) || !measurement.ingestSource) continue;
    inputs.push({ measurement, source: measurement.ingestSource });
  }
  return inputs;
}

/** How long the maintainer lets a partition's measurements gather into a batch: how far cubes may trail ingest. */
export const cubeLingerMs = 2_000;

export interface CubeMaintainerDependencies {
  log: LogPort;
  enrichedTopic: string;
  store: CubeStore;
  definitions: CubeDefinitions;
  metrics?: Registry;
  maxBatchSize?: number;
  /** Default `<enriched>.cubes` (a benchmark replays the topic under a group of its own). */
  groupId?: string;
}

/**
 * Cube maintenance: a consumer group of its own on `measurements.enriched`. Each batch is added to every
 * cube before its offsets are committed; a batch delivered again counts once (rows remember the raw offsets they
 * counted), and late measurements land in their bucket.
 */
export async function startCubeMaintainer(dependencies: CubeMaintainerDependencies): Promise<LogConsumer> {
  const metrics = cubeMetrics(dependencies.metrics);
  return dependencies.log.consume({
    groupId: dependencies.groupId ?? cubeMaintainerGroup(dependencies.enrichedTopic),
    topics: [dependencies.enrichedTopic],
    maxBatchSize: dependencies.maxBatchSize ?? 10_000,
    // Every batch rewrites the rows it touches: batches of a few seconds rewrite each row once for thousands of
    // measurements rather than once for a handful.
    lingerMs: cubeLingerMs,
    handle: async (records) => {
      const cubes = await dependencies.definitions.list();
      if (cubes.length === 0) return;
      const inputs = cubeInputsOf(records);
      const timer = metrics.batch.startTimer();
      for (const cube of cubes) metrics.rows.inc(await applyToCube(dependencies.store, cube, inputs));
      timer();
    },
  });
}

export const cubeMaintainerGroup = (enrichedTopic: string) =>
  consumerGroupOf({ measurementsEnriched: enrichedTopic }, 'cubes');

/** The cube maintainer, in the processes that run ingest. */
export const cubeMaintainerWorker: PlatformWorker = {
  name: 'cube-maintainer',
  runsIn: 'ingest',
  start: async (platform) =>
    startCubeMaintainer({
      log: platform.log,
      enrichedTopic: platform.topics.measurementsEnriched,
      store: await openCubeStore(platform),
      definitions: cubeDefinitions(platform.readStore),
      metrics: platform.metrics,
    }),
};
