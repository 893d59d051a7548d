/**
 * Cubes against raw measurements, one table:
 * - Elasticsearch, BENCH_QUERY measurements (default 10,000,000; BENCH_QUERY_INDEX=<prefix> keeps and reuses them, as
 *   `npm run bench:measurements` does): the cube built from them (`rebuildCube`, measurements/s), then the evolution
 *   (avg download per day per ISP, 45 days, Europe/Madrid) and scorecard (3 KPIs avg per ISP, 50 days) queries through
 *   the analytics engine, raw and from the cube, interleaved, a new window each run, caches cleared;
 * - a year of a 1,000-probe panel: its daily cube rows seeded straight into the cube (seeding the raw measurements would
 *   take hours here), counts summing to BENCH_PANEL_MEASUREMENTS (default 120,000,000), then a year's evolution by
 *   week per ISP and a year's scorecard;
 * - BENCH_EMBEDDED=1: 1,000,000 measurements (BENCH_EMBEDDED_QUERY) in PGlite, the same cube and evolution query on the
 *   SQL engine.
 * Needs the real servers (`bash deploy/infra/infra.sh up`); runs alone (a test suite beside it halves the figures).
 *   npm run bench:cubes
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from '@elastic/elasticsearch';
import type { CubeDimension, QueryIrInput } from '@nq/contracts';
import { queryIrSchema } from '@nq/contracts';
import type { LogPort } from '@nq/platform/log/log-port';
import { openPgliteClient } from '@nq/platform/sql/pglite-client';
import {
  type CubeDefinition,
  type CubeStore,
  elasticsearchCubeStore,
  rowIdOf,
  type StoredRow,
  slotOf,
  sqlCubeStore,
} from '@nq/projections';
import { openElasticsearchMeasurementStore } from '@nq/projections/measurements/elasticsearch-measurement-store';
import { openSqlMeasurementStore } from '@nq/projections/measurements/sql-measurement-store';
import {
  type AnalyticsEngine,
  createElasticsearchAnalytics,
  createSqlAnalytics,
  seededIsps,
  seededMeasurementStream,
} from '@nq/services/features/analytics/index';
import {
  type CubeAggregate,
  cubeRouting,
  elasticsearchCubeAnalytics,
  fixedCubeDefinitions,
  rebuildCube,
  sqlCubeAnalytics,
} from '@nq/services/features/cubes/index';
import { batchesOf, bulkInto } from './seed-measurements.ts';

const run = randomBytes(4).toString('hex');
const elasticsearchUrl = process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200';
const queryCount = Number(process.env.BENCH_QUERY ?? 10_000_000);
const embeddedCount = Number(process.env.BENCH_EMBEDDED_QUERY ?? 1_000_000);
const panelMeasurements = Number(process.env.BENCH_PANEL_MEASUREMENTS ?? 120_000_000);
const runs = Number(process.env.BENCH_RUNS ?? 30);
const keptQueryIndex = process.env.BENCH_QUERY_INDEX;
const log = (line: string) => console.info(`[cubes bench] ${line}`);
const rows: string[][] = [];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
};
const fixed = (n: number) => n.toFixed(1);
const count = (n: number) => Math.round(n).toLocaleString('en');
const zone = 'Europe/Madrid';

/** The cube the queries are answered from: days of the queries' zone, by ISP, technology and program. */
const daily: CubeDefinition = {
  id: `bench-daily-${run}`,
  name: 'daily',
  grain: 'day',
  timeZone: zone,
  dimensions: ['isp', 'technology', 'program'],
  kpis: ['download', 'upload', 'latency'],
};
/** No stream here: the rebuild counts every measurement written. */
const noStream = { groupLag: async () => [] } as unknown as LogPort;
const fixedDefinitions = fixedCubeDefinitions;

const dayMs = 86_400_000;
const dateOf = (start: string, offset: number) =>
  new Date(Date.parse(start) + offset * dayMs).toISOString().slice(0, 10);
/** Whole days of the zone: a cube of those days covers them. A new window each run (no request-cache hits). */
const evolution = (offset: number): QueryIrInput[] => [
  {
    kpi: 'download',
    metric: 'avg',
    granularity: 'day',
    breakdowns: ['isp'],
    tsStart: dateOf('2026-03-01', offset % 15),
    tsEnd: dateOf('2026-04-14', offset % 15),
    timeZone: zone,
  },
];
const scorecard = (offset: number): QueryIrInput[] =>
  (['download', 'upload', 'latency'] as const).map((kpi) => ({
    kpi,
    metric: 'avg',
    granularity: 'no_granularity',
    breakdowns: ['isp'],
    tsStart: dateOf('2026-03-01', offset % 10),
    tsEnd: dateOf('2026-04-19', offset % 10),
    timeZone: zone,
  }));

/** p50 / p95 of raw and cube answers to the same queries, interleaved; checks the cube answered. */
async function timeRawAndCube(
  engines: { raw: AnalyticsEngine; cubed: AnalyticsEngine },
  irs: (offset: number) => QueryIrInput[],
  clearCache: () => Promise<unknown>,
) {
  const ask = async (engine: AnalyticsEngine, offset: number) =>
    Promise.all(irs(offset).map((ir) => engine.run(queryIrSchema.parse(ir), { timeZone: zone })));
  const [cubed] = await ask(engines.cubed, runs);
  if (!cubed?.source?.startsWith('cube ')) throw new Error(`the cube did not answer: ${cubed?.source}`);
  await ask(engines.raw, runs);
  const latencies: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++)
    for (const [index, engine] of [engines.raw, engines.cubed].entries()) {
      await clearCache();
      const started = performance.now();
      await ask(engine, i);
      latencies[index]!.push(performance.now() - started);
    }
  return latencies.map((values) => ({ p50: percentile(values, 0.5), p95: percentile(values, 0.95) })) as [
    { p50: number; p95: number },
    { p50: number; p95: number },
  ];
}

function addRows(
  name: string,
  measurements: string,
  [raw, cube]: [{ p50: number; p95: number }, { p50: number; p95: number }],
  target: number,
) {
  rows.push(
    [`${name} — raw`, measurements, '', fixed(raw.p50), fixed(raw.p95), ''],
    [
      `${name} — cube`,
      measurements,
      '',
      fixed(cube.p50),
      fixed(cube.p95),
      `p95 ≤ ${target} ms ${cube.p95 <= target ? '✔' : '✘'}; ${fixed(raw.p95 / cube.p95)}× faster`,
    ],
  );
  log(`${name}: raw p95 ${fixed(raw.p95)} ms, cube p95 ${fixed(cube.p95)} ms`);
}

async function build(cube: CubeDefinition, store: CubeStore, raw: AnalyticsEngine, refresh: () => Promise<void>) {
  const started = performance.now();
  let reported = 0;
  const built = await rebuildCube({
    cube,
    store,
    engine: raw,
    log: noStream,
    ingest: { groupId: 'none', topic: 'none' },
    refresh,
    from: '2026-02-01T00:00:00Z',
    to: '2026-06-01T00:00:00Z',
    onProgress: async ({ done }) => {
      if (done - reported < 1_000_000) return;
      reported = done;
      log(`  cube build: ${count(done)} measurements read in ${fixed((performance.now() - started) / 1_000)} s`);
    },
  });
  const seconds = (performance.now() - started) / 1_000;
  return { ...built, seconds };
}

/** Merges an index's segments to one (minutes for 10M), waiting for the merge task however long it takes. */
async function mergeToOneSegment(client: Client, index: string) {
  await client.indices.forcemerge({ index, max_num_segments: 1, wait_for_completion: false });
  for (;;) {
    const { nodes } = await client.tasks.list({ actions: '*forcemerge*' });
    if (Object.values(nodes ?? {}).every((node) => Object.keys(node.tasks ?? {}).length === 0)) return;
    await sleep(2_000);
  }
}

async function elasticsearch() {
  const store = await openElasticsearchMeasurementStore({
    url: elasticsearchUrl,
    indexPrefix: keptQueryIndex ?? `bench-cubes-${run}`,
  });
  const dataset = () => seededMeasurementStream({ count: queryCount, probes: 2_000 });
  if (keptQueryIndex && (await store.count().catch(() => 0)) === queryCount)
    log(`reusing the ${count(queryCount)} measurements of ${store.alias}`);
  else {
    log(`seeding ${count(queryCount)} measurements`);
    await store.write([dataset().next().value!]);
    const seedingMs = await bulkInto(store, batchesOf(dataset(), 1_000), 2);
    log(`seeded in ${fixed(seedingMs / 1_000)} s`);
    await store.client.indices.refresh({ index: store.alias });
    await mergeToOneSegment(store.client, store.alias);
  }
  const raw = createElasticsearchAnalytics(store);
  const cubeStore = elasticsearchCubeStore(store.client, `bench-cubes-${run}-measurements`);
  log('building the daily cube from the raw measurements');
  const built = await build(
    daily,
    cubeStore,
    raw,
    async () => void (await store.client.indices.refresh({ index: store.alias })),
  );
  await store.client.indices.refresh({ index: cubeStore.index });
  await mergeToOneSegment(store.client, cubeStore.index);
  rows.push([
    'cube build from raw (Elasticsearch)',
    count(built.done),
    `${count(built.done / built.seconds)}/s`,
    '',
    '',
    `${count(built.rows)} rows`,
  ]);
  const aggregate: CubeAggregate = elasticsearchCubeAnalytics({ client: store.client, index: cubeStore.index });
  const cubed = createElasticsearchAnalytics(store, {
    cubes: cubeRouting({ definitions: fixedDefinitions([daily]), aggregate }),
  });
  const clearCache = () =>
    store.client.indices.clearCache({ index: [store.alias, cubeStore.index].join(','), request: true });
  for (const [name, irs] of [
    ['evolution, avg download per day per ISP (45 days)', evolution],
    ['scorecard, 3 KPIs avg per ISP (50 days)', scorecard],
  ] as const)
    addRows(name, count(queryCount), await timeRawAndCube({ raw, cubed }, irs, clearCache), 50);

  await yearOfPanel(store, cubeStore);
  await store.client.indices.delete({ index: cubeStore.index, ignore_unavailable: true });
  if (!keptQueryIndex) await store.client.indices.delete({ index: `${store.alias}-*`, ignore_unavailable: true });
}

/**
 * A year of a 1,000-probe panel, as its daily cube holds it: a row per day, ISP, technology and KPI, counts summing
 * to `panelMeasurements` KPI values, seeded straight into the cube.
 */
async function yearOfPanel(
  store: Awaited<ReturnType<typeof openElasticsearchMeasurementStore>>,
  cubeStore: ReturnType<typeof elasticsearchCubeStore>,
) {
  const panel: CubeDefinition = {
    ...daily,
    id: `bench-panel-${run}`,
    name: 'panel',
    dimensions: ['isp', 'technology'],
  };
  const technologies = [2, 3, 4, 5];
  const kpis = panel.kpis;
  const days = 365;
  const perRow = Math.ceil(panelMeasurements / (days * seededIsps.length * technologies.length * kpis.length));
  const started = performance.now();
  const rowsOf = function* () {
    for (let day = 0; day < days; day++)
      for (const isp of seededIsps)
        for (const technology of technologies)
          for (const kpi of kpis) {
            const bucket = new Date(Date.parse('2025-01-01T00:00:00+01:00') + day * dayMs).toISOString();
            const dimensions = { isp: isp.id, technology } satisfies Partial<Record<CubeDimension, unknown>>;
            const key = { cubeId: panel.id, bucket, dimensions, kpi, partition: -1 };
            const mean = kpi === 'latency' ? 25 : 80 + technology * 10;
            const row: StoredRow = {
              ...key,
              id: rowIdOf(key),
              appliedOffset: -1,
              count: perRow,
              sum: perRow * mean,
              min: mean / 4,
              max: mean * 3,
              first: mean,
              firstAt: bucket,
              firstId: `${bucket}-first`,
              last: mean,
              lastAt: bucket,
              lastId: `${bucket}-last`,
              probes: Array.from({ length: 40 }, (_, index) => `probe-${isp.id}-${technology}-${index}`),
              bins: {
                slots: [mean * 0.5, mean, mean * 1.5].map(slotOf),
                counts: [Math.floor(perRow / 4), perRow - 2 * Math.floor(perRow / 4), Math.floor(perRow / 4)],
              },
            };
            yield row;
          }
  };
  let seeded = 0;
  for (const batch of batchesOf(rowsOf(), 2_000)) {
    await cubeStore.put(batch.map((row) => ({ row })));
    seeded += batch.length;
  }
  await store.client.indices.refresh({ index: cubeStore.index });
  log(`panel: ${count(seeded)} daily rows seeded in ${fixed((performance.now() - started) / 1_000)} s`);
  const equivalent = `${count(seeded * perRow)} (seeded into the cube)`;
  const raw = createElasticsearchAnalytics(store);
  const cubed = createElasticsearchAnalytics(store, {
    cubes: cubeRouting({
      definitions: fixedDefinitions([panel]),
      aggregate: elasticsearchCubeAnalytics({ client: store.client, index: cubeStore.index }),
    }),
  });
  const year = (offset: number): QueryIrInput[] => [
    {
      kpi: 'download',
      metric: 'avg',
      granularity: 'week',
      breakdowns: ['isp'],
      tsStart: dateOf('2025-01-01', offset % 7),
      tsEnd: dateOf('2025-12-24', offset % 7),
      timeZone: zone,
    },
  ];
  const yearScorecard = (offset: number): QueryIrInput[] =>
    kpis.map((kpi) => ({
      kpi,
      metric: 'median',
      breakdowns: ['isp', 'technology'],
      tsStart: dateOf('2025-01-01', offset % 7),
      tsEnd: dateOf('2025-12-24', offset % 7),
      timeZone: zone,
    }));
  const clearCache = () => store.client.indices.clearCache({ index: cubeStore.index, request: true });
  // No raw measurements back these rows: only the cube's side is timed.
  for (const [name, irs] of [
    ['a year of a 1,000-probe panel: avg download per week per ISP', year],
    ['a year of the panel: 3 KPIs median per ISP and technology', yearScorecard],
  ] as const) {
    const [, cube] = await timeRawAndCube({ raw: cubed, cubed }, irs, clearCache);
    rows.push([
      `${name} — cube`,
      equivalent,
      '',
      fixed(cube.p50),
      fixed(cube.p95),
      `p95 ≤ 100 ms ${cube.p95 <= 100 ? '✔' : '✘'}`,
    ]);
    log(`${name}: cube p95 ${fixed(cube.p95)} ms`);
  }
  void raw;
}

async function embedded() {
  log(`embedded: loading ${count(embeddedCount)} measurements into PGlite`);
  const sql = await openPgliteClient();
  const store = await openSqlMeasurementStore(sql);
  for (const batch of batchesOf(seededMeasurementStream({ count: embeddedCount, probes: 2_000 }), 5_000))
    await store.write(batch);
  const raw = createSqlAnalytics(sql);
  const cubeStore = await sqlCubeStore(sql);
  const built = await build(daily, cubeStore, raw, async () => {});
  rows.push([
    'embedded: cube build from raw (PGlite)',
    count(built.done),
    `${count(built.done / built.seconds)}/s`,
    '',
    '',
    `${count(built.rows)} rows`,
  ]);
  const aggregate: CubeAggregate = sqlCubeAnalytics(sql);
  const cubed = createSqlAnalytics(sql, { cubes: cubeRouting({ definitions: fixedDefinitions([daily]), aggregate }) });
  const embeddedRuns = async () => undefined;
  addRows(
    'embedded: evolution, avg download per day per ISP (45 days)',
    count(embeddedCount),
    await timeRawAndCube({ raw, cubed }, evolution, embeddedRuns),
    200,
  );
  await sql.close();
}

if (process.env.BENCH_ONLY !== 'embedded') await elasticsearch();
if (process.env.BENCH_EMBEDDED === '1' || process.env.BENCH_ONLY === 'embedded') await embedded();
const header = ['workload', 'measurements', 'throughput', 'p50 ms', 'p95 ms', 'target'];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
for (const row of [header, widths.map((width) => '-'.repeat(width)), ...rows])
  console.info(`| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`);
process.exit(0);
