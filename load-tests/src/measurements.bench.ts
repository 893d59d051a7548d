/**
 * The measurement pipeline's benchmarks, one table:
 * - ingest end to end (Kafka → ingest workers, each in a thread of its own → Elasticsearch) against raw `_bulk` of the
 *   same documents, as a ratio measured in one run (target ≥ 0.85);
 * - query latency p50/p95 of an evolution query and a scorecard-like query over N measurements through the analytics
 *   engine, against the same aggregation sent straight to Elasticsearch (target: overhead ≤ 1.2×; evolution p95 < 1 s);
 * - BENCH_EMBEDDED=1: the same ingest on the embedded profile (embedded log → worker → PGlite, against plain PGlite
 *   writes) and the same queries on the embedded engine over the same N.
 * Needs the real servers (`bash deploy/infra/infra.sh up`). Sizes: BENCH_INGEST (default 200,000), BENCH_QUERY
 * (default 1,000,000), BENCH_RUNS (default 20 per query); BENCH_WORKERS ingest workers and raw `_bulk` lanes (default
 * 3), BENCH_PARTITIONS_AT_ONCE per worker (default: the worker's own); BENCH_ONLY=ingest,queries picks workloads;
 * BENCH_QUERY_INDEX=<prefix> keeps the queried measurements under that index prefix and reuses them on a next run.
 *   npm run bench:measurements
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { Client } from '@elastic/elasticsearch';
import type { EnrichedMeasurement, QueryIrInput } from '@nq/contracts';
import { cubeDimensions, logStart, queryIrSchema } from '@nq/contracts';
import { openEmbeddedLog } from '@nq/platform/log/embedded/embedded-log';
import { fleetTopicsFor } from '@nq/platform/log/fleet-topics';
import { openKafkaLog } from '@nq/platform/log/kafka/kafka-log';
import { openElasticsearchReadStore } from '@nq/platform/read-store/elasticsearch-read-store';
import { openSqlReadStore } from '@nq/platform/read-store/sql-read-store';
import { openPgliteClient } from '@nq/platform/sql/pglite-client';
import type { CubeDefinition } from '@nq/projections';
import { openElasticsearchMeasurementStore } from '@nq/projections/measurements/elasticsearch-measurement-store';
import { openSqlMeasurementStore } from '@nq/projections/measurements/sql-measurement-store';
import {
  compileElasticsearchAggregation,
  createElasticsearchAnalytics,
  createSqlAnalytics,
  scopeQuery,
  seededMeasurementStream,
  seededMeasurements,
} from '@nq/services/features/analytics/index';
import { startIngestWorker } from '@nq/services/features/ingest/index';
import { registerBenchProbes } from './bench-probes.ts';
import type { IngestThreadData } from './ingest-worker.thread.ts';
import { cpuMeter, pin } from './process-cpu.ts';
import { batchesOf, bulkInto } from './seed-measurements.ts';

const run = randomBytes(4).toString('hex');
/**
 * The cube BENCH_CUBES maintains while ingesting: `daily` (days of Madrid by ISP, technology and program, the
 * query benchmark's) or `hourly` (every dimension by UTC hour, the demo's: about a row per measurement and KPI).
 */
const benchCubes: Record<string, CubeDefinition> = {
  daily: {
    id: `bench-daily-${run}`,
    name: 'daily',
    grain: 'day',
    timeZone: 'Europe/Madrid',
    dimensions: ['isp', 'technology', 'program'],
    kpis: [],
  },
  hourly: {
    id: `bench-hourly-${run}`,
    name: 'hourly',
    grain: 'hour',
    timeZone: 'Etc/UTC',
    dimensions: [...cubeDimensions],
    kpis: [],
  },
};
const elasticsearchUrl = process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200';
const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const ingestCount = Number(process.env.BENCH_INGEST ?? 200_000);
const queryCount = Number(process.env.BENCH_QUERY ?? 1_000_000);
const runs = Number(process.env.BENCH_RUNS ?? 20);
const batchSize = 1_000;
const workers = Number(process.env.BENCH_WORKERS ?? 3);
const partitionsAtOnce = Number(process.env.BENCH_PARTITIONS_AT_ONCE ?? 0); // 0: the ingest worker's default
// Seeded once and kept between runs (10M take minutes to seed): reused when it holds BENCH_QUERY measurements.
const keptQueryIndex = process.env.BENCH_QUERY_INDEX;
const workloads = new Set((process.env.BENCH_ONLY ?? 'ingest,queries').split(',').map((w) => w.trim()));
const log = (line: string) => console.info(`[measurements bench] ${line}`);
const rows: string[][] = [];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
};
const fixed = (n: number) => n.toFixed(1);
const rate = (count: number, ms: number) => Math.round((count * 1_000) / ms);

/** Measurements as a probe sends them: the enrichment fields are the ingest worker's to add. */
const raw = ({
  hour: _h,
  weekday: _w,
  fringe: _f,
  probeType: _p,
  campaigns: _c,
  clusters: _cl,
  universes: _u,
  tags: _t,
  provider: _pr,
  technologyLabel: _l,
  ...measurement
}: EnrichedMeasurement) => measurement;

/**
 * Results produced to `measurements.raw` (as the gateway does) until the workers, each in a thread of its own, have
 * indexed every one of them. The workers join their group first: the timing covers producing the results and
 * ingesting them, not start-up.
 */
async function endToEnd(docs: EnrichedMeasurement[], cube?: CubeDefinition) {
  const topicPrefix = `bench-${run}${cube ? '-cube' : ''}.`;
  const topics = fleetTopicsFor(topicPrefix);
  const gateway = await openKafkaLog({ brokers, clientId: `bench-gateway-${run}` });
  await gateway.ensureTopics(topics.specs);
  const indexPrefix = `bench-e2e-${run}${cube ? '-cube' : ''}`;
  const store = await openElasticsearchMeasurementStore({ url: elasticsearchUrl, indexPrefix });
  const readIndexPrefix = `bench-rm-${run}`;
  const readStore = await openElasticsearchReadStore({ url: elasticsearchUrl, indexPrefix: readIndexPrefix });
  await registerBenchProbes(readStore, docs);
  await readStore.close();
  const indexed = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT * workers));
  const threads = await Promise.all(
    Array.from({ length: workers }, async (_, slot) => {
      const workerData: IngestThreadData = {
        brokers,
        clientId: `bench-worker-${slot}-${run}`,
        topicPrefix,
        elasticsearchUrl,
        indexPrefix,
        readIndexPrefix,
        indexed: indexed.buffer as SharedArrayBuffer,
        slot,
        ...(partitionsAtOnce ? { partitionsAtOnce } : {}),
        ...(cube ? { cube } : {}),
      };
      const thread = new Worker(new URL('./ingest-worker.thread.ts', import.meta.url), { workerData });
      await once(thread, 'message');
      return thread;
    }),
  );
  // The index template, outside the timing (as for raw _bulk), with a measurement of its own: one the workers then
  // received would be a copy of a stored measurement, left out.
  await store.write([{ ...docs[0]!, measurementId: `template-${run}` }]);
  // CPU as the timing: from the first result produced (the workers' start-up is left out of both). "Node" is the
  // whole process: besides the workers' threads, this thread's producing gateway and V8's own threads (compilers, the
  // garbage collector's helpers); the workers' threads and this one are also read on their own.
  const threadsCpu = async () => {
    const usages = await Promise.all(threads.map((thread) => thread.cpuUsage()));
    return usages.reduce((sum, { user, system }) => sum + user + system, 0);
  };
  const mainThreadCpu = () => {
    const { user, system } = process.threadCpuUsage();
    return user + system;
  };
  const workersBefore = await threadsCpu();
  const mainBefore = mainThreadCpu();
  const meter = cpuMeter();
  const started = performance.now();
  for (let i = 0; i < docs.length; i += 5_000)
    await gateway.produce(
      topics.measurementsRaw,
      docs.slice(i, i + 5_000).map((doc) => ({ key: doc.probeId, value: JSON.stringify(raw(doc)) })),
    );
  // The workers' counts tell when to look: polling Elasticsearch would refresh its indices over and over.
  while (indexed.reduce((sum, count) => sum + count, 0) < docs.length) await sleep(20);
  while ((await store.count()) < docs.length + 1) await sleep(100);
  const e2eMs = performance.now() - started;
  // The cube trails ingest by the batches in hand: how long until its group has nothing left to read.
  const cubeGroup = `${topics.measurementsEnriched}.cubes`;
  while (cube) {
    const lag = await gateway.groupLag(cubeGroup);
    if (lag.length > 0 && lag.every((partition) => partition.records === 0)) break;
    await sleep(100);
  }
  const cubeMs = performance.now() - started;
  const cpu = {
    ...meter.perItem(docs.length),
    workers: ((await threadsCpu()) - workersBefore) / docs.length,
    gateway: (mainThreadCpu() - mainBefore) / docs.length,
  };
  for (const thread of threads) {
    thread.postMessage('stop');
    await once(thread, 'message');
    await thread.terminate();
  }
  await Promise.all([gateway.close(), store.close()]);
  return { e2eMs, cubeMs, cpu };
}

/** CPU µs per measurement of each component, as a table cell. */
const cpuCell = ({
  elasticsearch,
  kafka,
  node,
  workers,
  gateway,
}: ReturnType<ReturnType<typeof cpuMeter>['perItem']> & { workers?: number; gateway?: number }) =>
  `ES ${fixed(elasticsearch)} · Kafka ${fixed(kafka)} · Node ${fixed(node)}` +
  (workers === undefined || gateway === undefined ? '' : ` (workers ${fixed(workers)}, gateway ${fixed(gateway)})`) +
  ' µs';

/**
 * BENCH_PIN=1: the production shape where Elasticsearch is the bottleneck — Elasticsearch on the first core, Kafka and
 * this process (the gateway's producer and the ingest workers, threads of it) on the second; undone at the end.
 */
function pinned() {
  if (process.env.BENCH_PIN !== '1') return { label: '', undo: () => {} };
  const { pids } = cpuMeter();
  pin(pids.elasticsearch, '0');
  pin([...pids.kafka, process.pid], '1');
  return {
    label: ' [pinned: ES on core 0, the rest on core 1]',
    undo: () => pin([...pids.elasticsearch, ...pids.kafka, process.pid], '0,1'),
  };
}

/** Bytes a stored measurement takes on its primary shard, as written (refreshed) and merged into one segment. */
async function storedBytesPerMeasurement(client: Client, index: string) {
  await client.indices.refresh({ index });
  const sizeOf = async () => {
    const { _all } = await client.indices.stats({ index, metric: ['store', 'docs'] });
    const count = _all.primaries?.docs?.count ?? 0;
    return { count, perDoc: (_all.primaries?.store?.size_in_bytes ?? 0) / Math.max(count, 1) };
  };
  const asWritten = await sizeOf();
  await client.indices.forcemerge({ index, max_num_segments: 1 });
  const merged = await sizeOf();
  return { count: merged.count, asWritten: asWritten.perDoc, merged: merged.perDoc };
}

async function ingestRatio() {
  log(`ingest: ${ingestCount.toLocaleString('en')} measurements`);
  // As a live fleet sends them: in time order, measured within the last hour (at these rates a fleet sends 200,000 in
  // seconds; the seeded dataset's two months would make each cube row count a handful of values, not a fleet's flow).
  const hourAgo = Date.now() - 3_600_000;
  const docs = seededMeasurements({ count: ingestCount, probes: 500 }).map((doc, index) => ({
    ...doc,
    measuredAt: new Date(hourAgo + Math.floor((index * 3_600_000) / ingestCount)).toISOString(),
  }));
  const pinning = pinned();
  const rawStore = await openElasticsearchMeasurementStore({ url: elasticsearchUrl, indexPrefix: `bench-raw-${run}` });
  await rawStore.write(docs.slice(0, 1)); // the index template, outside the timing
  const rawMeter = cpuMeter();
  const rawMs = await bulkInto(rawStore, [...batchesOf(docs, batchSize)], workers);
  const rawCpu = rawMeter.perItem(docs.length);
  log(`raw _bulk: ${rate(docs.length, rawMs)} docs/s (${cpuCell(rawCpu)})`);
  const stored = await storedBytesPerMeasurement(rawStore.client, `bench-raw-${run}-measurements-*`);
  log(`stored: ${fixed(stored.asWritten)} bytes a measurement as written, ${fixed(stored.merged)} merged`);
  rows.push([
    'stored size of a measurement (primary shard; the capacity model doubles it for one replica)',
    stored.count.toLocaleString('en'),
    `${fixed(stored.merged)} bytes`,
    '',
    '',
    `${fixed(stored.asWritten)} bytes as written, ${fixed(stored.merged)} once merged into one segment`,
  ]);

  const { e2eMs, cpu: e2eCpu } = await endToEnd(docs);
  log(`end to end: ${rate(docs.length, e2eMs)} docs/s (${cpuCell(e2eCpu)})`);
  const ratio = rawMs / e2eMs;
  const nodeAndKafka = e2eCpu.node + e2eCpu.kafka;
  rows.push(
    [
      `ingest raw _bulk → ES (${workers} in parallel)${pinning.label}`,
      docs.length.toLocaleString('en'),
      `${rate(docs.length, rawMs)}/s`,
      '',
      '',
      cpuCell(rawCpu),
    ],
    [
      `ingest Kafka → ${workers} workers → ES${pinning.label}`,
      docs.length.toLocaleString('en'),
      `${rate(docs.length, e2eMs)}/s`,
      '',
      '',
      `${cpuCell(e2eCpu)}; Node + Kafka ${fixed(nodeAndKafka)} vs ES ${fixed(e2eCpu.elasticsearch)} µs ` +
        `${nodeAndKafka <= e2eCpu.elasticsearch ? '✔' : '✘'}; ratio ${ratio.toFixed(2)} (target ≥ 0.85) ${ratio >= 0.85 ? '✔' : '✘'}`,
    ],
  );
  const cube = benchCubes[process.env.BENCH_CUBES ?? ''];
  if (cube) {
    const withCube = await endToEnd(docs, cube);
    const cost = 1 - e2eMs / withCube.e2eMs;
    const total = ({ elasticsearch, kafka, node }: typeof e2eCpu) => elasticsearch + kafka + node;
    const cpuCost = total(withCube.cpu) / total(e2eCpu) - 1;
    rows.push([
      `ingest Kafka → ${workers} workers → ES, with the ${cube.name} cube's maintainer${pinning.label}`,
      docs.length.toLocaleString('en'),
      `${rate(docs.length, withCube.e2eMs)}/s`,
      '',
      '',
      `${cpuCell(withCube.cpu)} (${(cpuCost * 100).toFixed(1)} % more); cube caught up ` +
        `${fixed((withCube.cubeMs - withCube.e2eMs) / 1_000)} s after; cost ${(cost * 100).toFixed(1)} % of ingest ` +
        `throughput (≤ 10 %) ${cost <= 0.1 ? '✔' : '✘'}`,
    ]);
    await rawStore.client.indices.delete({ index: `bench-e2e-${run}-cube-*`, ignore_unavailable: true });
  }
  pinning.undo();
  for (const prefix of [`bench-raw-${run}`, `bench-e2e-${run}`])
    await rawStore.client.indices.delete({ index: `${prefix}-measurements-*`, ignore_unavailable: true });
  await rawStore.client.indices.delete({ index: `bench-rm-${run}-*`, ignore_unavailable: true });
  if (process.env.BENCH_EMBEDDED === '1') await embeddedIngestRatio(docs);
}

/**
 * The embedded profile's ingest, in one process as `npm start` runs it: results produced to the embedded log (a
 * PGlite table) → one ingest worker → the PGlite measurements table, against plain writes of the same documents to
 * PGlite, each in a database of its own.
 */
async function embeddedIngestRatio(docs: EnrichedMeasurement[]) {
  const plainSql = await openPgliteClient();
  const plainStore = await openSqlMeasurementStore(plainSql);
  let started = performance.now();
  for (const batch of batchesOf(docs, batchSize)) await plainStore.write(batch);
  const plainMs = performance.now() - started;
  await plainSql.close();
  log(`embedded: plain PGlite writes ${rate(docs.length, plainMs)} docs/s`);

  const sql = await openPgliteClient();
  const embeddedLog = await openEmbeddedLog(sql);
  const topics = fleetTopicsFor('bench.');
  await embeddedLog.ensureTopics(topics.specs);
  const store = await openSqlMeasurementStore(sql);
  const readStore = await openSqlReadStore(sql);
  await registerBenchProbes(readStore, docs);
  const worker = await startIngestWorker({
    log: embeddedLog,
    topics,
    store,
    readStore,
    eventStore: {
      onAppend: async () => async () => undefined,
      head: async () => logStart,
      readStreams: async () => new Map(),
    },
  });
  started = performance.now();
  for (const batch of batchesOf(docs, 5_000))
    await embeddedLog.produce(
      topics.measurementsRaw,
      batch.map((doc) => ({ key: doc.probeId, value: JSON.stringify(raw(doc)) })),
    );
  while ((await store.count()) < docs.length) await sleep(200);
  const embeddedMs = performance.now() - started;
  await worker.stop();
  await embeddedLog.close();
  await sql.close();
  log(`embedded: end to end ${rate(docs.length, embeddedMs)} docs/s`);
  rows.push(
    ['embedded: plain PGlite writes', docs.length.toLocaleString('en'), `${rate(docs.length, plainMs)}/s`, '', '', ''],
    [
      'embedded: embedded log → worker → PGlite',
      docs.length.toLocaleString('en'),
      `${rate(docs.length, embeddedMs)}/s`,
      '',
      '',
      `ratio ${(plainMs / embeddedMs).toFixed(2)}`,
    ],
  );
}

const day = 86_400_000;
/** The evolution query of a window shifted by `offset` days (a new window each run: no request-cache hits). */
const evolution = (offset: number): QueryIrInput => ({
  kpi: 'download',
  metric: 'avg',
  granularity: 'day',
  breakdowns: ['isp'],
  tsStart: new Date(Date.parse('2026-03-01T00:00:00Z') + offset * day).toISOString(),
  tsEnd: new Date(Date.parse('2026-04-15T00:00:00Z') + offset * day).toISOString(),
  timeZone: 'Europe/Madrid',
});
/** A scorecard's query: each KPI's average per ISP over its window. */
const scorecard = (offset: number): QueryIrInput[] =>
  (['download', 'upload', 'latency'] as const).map((kpi) => ({
    kpi,
    metric: 'avg',
    granularity: 'no_granularity',
    breakdowns: ['isp'],
    tsStart: new Date(Date.parse('2026-03-01T00:00:00Z') + offset * day).toISOString(),
    tsEnd: new Date(Date.parse('2026-04-20T00:00:00Z') + offset * day).toISOString(),
  }));

/**
 * p50/p95 of two ways to answer the same queries, interleaved (each run a new window, the shard request cache
 * cleared before each query), so that neither profits from the other's caching.
 */
async function timeBoth(
  clearCache: () => Promise<unknown>,
  first: (offset: number) => Promise<unknown>,
  second: (offset: number) => Promise<unknown>,
) {
  await first(runs);
  await second(runs);
  const latencies: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++)
    for (const [index, runQuery] of [first, second].entries()) {
      await clearCache();
      const started = performance.now();
      await runQuery(i);
      latencies[index]!.push(performance.now() - started);
    }
  return latencies.map((values) => ({ p50: percentile(values, 0.5), p95: percentile(values, 0.95) }));
}

async function queryLatency() {
  const store = await openElasticsearchMeasurementStore({
    url: elasticsearchUrl,
    indexPrefix: keptQueryIndex ?? `bench-q-${run}`,
  });
  const dataset = () => seededMeasurementStream({ count: queryCount, probes: 2_000 });
  if (keptQueryIndex && (await store.count().catch(() => 0)) === queryCount)
    log(`queries: reusing the ${queryCount.toLocaleString('en')} measurements of ${store.alias}`);
  else {
    log(`queries: seeding ${queryCount.toLocaleString('en')} measurements`);
    await store.write([dataset().next().value!]); // the index template first
    const seedingMs = await bulkInto(store, batchesOf(dataset(), batchSize), 2);
    log(`queries: seeded in ${fixed(seedingMs / 1_000)} s`);
    await store.client.indices.refresh({ index: store.alias });
  }
  log('queries: merging segments (a no-op on a kept index already merged)');
  // Merging 10M measurements takes minutes: longer than the client's request timeout.
  await store.client.indices.forcemerge({ index: store.alias, max_num_segments: 1 }, { requestTimeout: 3_600_000 });
  const engine = createElasticsearchAnalytics(store);
  const scope = {};
  const direct = (ir: QueryIrInput) =>
    store.client.search({
      index: store.alias,
      ...compileElasticsearchAggregation(scopeQuery(queryIrSchema.parse(ir), scope)),
    });
  const shapes = [
    { name: 'evolution (avg download per day per ISP)', irs: (offset: number) => [evolution(offset)] },
    { name: 'scorecard (3 KPIs, avg per ISP)', irs: scorecard },
  ];
  for (const shape of shapes) {
    const [viaEngine, straight] = (await timeBoth(
      () => store.client.indices.clearCache({ index: store.alias, request: true }),
      (offset) => Promise.all(shape.irs(offset).map((ir) => engine.run(queryIrSchema.parse(ir), scope))),
      (offset) => Promise.all(shape.irs(offset).map(direct)),
    )) as [{ p50: number; p95: number }, { p50: number; p95: number }];
    const overhead = viaEngine.p95 / straight.p95;
    const target = shape.name.startsWith('evolution')
      ? `overhead ${overhead.toFixed(2)}× (≤ 1.2) ${overhead <= 1.2 ? '✔' : '✘'}; p95 < 1 s ${viaEngine.p95 < 1_000 ? '✔' : '✘'}`
      : `overhead ${overhead.toFixed(2)}× (≤ 1.2) ${overhead <= 1.2 ? '✔' : '✘'}`;
    rows.push(
      [
        `${shape.name} — engine`,
        queryCount.toLocaleString('en'),
        '',
        fixed(viaEngine.p50),
        fixed(viaEngine.p95),
        target,
      ],
      [
        `${shape.name} — straight to ES`,
        queryCount.toLocaleString('en'),
        '',
        fixed(straight.p50),
        fixed(straight.p95),
        '',
      ],
    );
    log(`${shape.name}: engine p95 ${fixed(viaEngine.p95)} ms, straight p95 ${fixed(straight.p95)} ms`);
  }
  if (!keptQueryIndex) await store.client.indices.delete({ index: `${store.alias}-*`, ignore_unavailable: true });

  if (process.env.BENCH_EMBEDDED === '1') {
    log(`embedded: loading ${queryCount.toLocaleString('en')} measurements into PGlite`);
    const sql = await openPgliteClient();
    const sqlStore = await openSqlMeasurementStore(sql);
    const started = performance.now();
    for (const batch of batchesOf(dataset(), 5_000)) await sqlStore.write(batch);
    const loadMs = performance.now() - started;
    rows.push([
      'embedded ingest (PGlite writes)',
      queryCount.toLocaleString('en'),
      `${rate(queryCount, loadMs)}/s`,
      '',
      '',
      '',
    ]);
    const sqlEngine = createSqlAnalytics(sql);
    for (const shape of shapes) {
      const [latency] = (await timeBoth(
        async () => undefined,
        (offset) => Promise.all(shape.irs(offset).map((ir) => sqlEngine.run(queryIrSchema.parse(ir), scope))),
        async () => undefined,
      )) as [{ p50: number; p95: number }];
      rows.push([
        `${shape.name} — embedded`,
        queryCount.toLocaleString('en'),
        '',
        fixed(latency.p50),
        fixed(latency.p95),
        '',
      ]);
    }
    await sql.close();
  }
}

if (workloads.has('ingest')) await ingestRatio();
if (workloads.has('queries')) await queryLatency();
const header = ['workload', 'measurements', 'throughput', 'p50 ms', 'p95 ms', 'CPU per measurement / target'];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
for (const row of [header, widths.map((width) => '-'.repeat(width)), ...rows])
  console.info(row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | '));
process.exit(0);
