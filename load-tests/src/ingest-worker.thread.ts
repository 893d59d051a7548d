/**
 * One ingest worker of the measurements benchmark in a thread of its own: in production each worker is a process,
 * so the benchmark's workers do not share one event loop with each other or with the producing gateway.
 * Reports, through `indexed` (shared memory, its slot `workerData.slot`), how many measurements it has indexed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { logStart } from '@nq/contracts';
import { fleetTopicsFor } from '@nq/platform/log/fleet-topics';
import { openKafkaLog } from '@nq/platform/log/kafka/kafka-log';
import { openElasticsearchReadStore } from '@nq/platform/read-store/elasticsearch-read-store';
import { type CubeDefinition, elasticsearchCubeStore } from '@nq/projections';
import { openElasticsearchMeasurementStore } from '@nq/projections/measurements/elasticsearch-measurement-store';
import { fixedCubeDefinitions, startCubeMaintainer } from '@nq/services/features/cubes/index';
import { startIngestWorker } from '@nq/services/features/ingest/index';
import { Registry } from 'prom-client';

export interface IngestThreadData {
  brokers: string[];
  clientId: string;
  topicPrefix: string;
  elasticsearchUrl: string;
  indexPrefix: string;
  readIndexPrefix: string;
  indexed: SharedArrayBuffer;
  slot: number;
  partitionsAtOnce?: number;
  /** Also maintain this cube from `measurements.enriched`, as the ingest processes do. */
  cube?: CubeDefinition;
}

const data = workerData as IngestThreadData;
const indexed = new Int32Array(data.indexed);
const metrics = new Registry();
const log = await openKafkaLog({ brokers: data.brokers, clientId: data.clientId });
const store = await openElasticsearchMeasurementStore({ url: data.elasticsearchUrl, indexPrefix: data.indexPrefix });
const readStore = await openElasticsearchReadStore({ url: data.elasticsearchUrl, indexPrefix: data.readIndexPrefix });
const worker = await startIngestWorker({
  log,
  topics: fleetTopicsFor(data.topicPrefix),
  store,
  readStore,
  eventStore: {
    onAppend: async () => async () => undefined,
    head: async () => logStart,
    readStreams: async () => new Map(),
  },
  metrics,
  ...(data.partitionsAtOnce ? { partitionsAtOnce: data.partitionsAtOnce } : {}),
});
const cube = data.cube;
const maintainer = cube
  ? await startCubeMaintainer({
      log,
      enrichedTopic: fleetTopicsFor(data.topicPrefix).measurementsEnriched,
      store: elasticsearchCubeStore(store.client, store.alias),
      definitions: fixedCubeDefinitions([cube]),
    })
  : undefined;
const counter = metrics.getSingleMetric('nq_ingest_measurements_total')!;
const report = setInterval(async () => {
  const { values } = await counter.get();
  const count = values.find((value) => value.labels.outcome === 'indexed')?.value ?? 0;
  Atomics.store(indexed, data.slot, count);
}, 20);
parentPort!.postMessage('ready');
parentPort!.once('message', async () => {
  clearInterval(report);
  await worker.stop();
  await maintainer?.stop();
  await log.close();
  await Promise.all([store.close(), readStore.close()]);
  parentPort!.postMessage('stopped');
});
