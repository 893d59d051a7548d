/**
 * The memory and cost of ingest's enrichment facts at a national panel's size. For each fleet of BENCH_PROBES probes
 * (10000,100000: the panel generator's, over Spain's provinces, 5 operators as providers with IMSI prefixes and IP
 * ranges, BENCH_CLUSTERS (1,000) clusters and the universes, with their members) and each count of BENCH_POLYGONS
 * campaign polygons (0,100,1000, of BENCH_VERTICES (300) vertices each), the read models enrichment reads are written
 * to the platform's SQL read store on PGlite in memory, as the projector would leave them. Then:
 * - enrichment is started as the ingest worker starts it and its facts loaded whole (`refresh()`), BENCH_REPEATS (3)
 *   times after a warm-up: the heap they hold (global.gc() before and after: heapUsed, and external with its array
 *   buffers, where PGlite's memory is), also once the first batch has built the lookups over them (R-tree of the
 *   polygons, memberships by probe, providers' ranges); the load's wall and CPU time, and the first batch's (which
 *   builds the lookups, as the first batch after any change to their family does);
 * - `enrich` over batches of measurements as the fleet model makes them, from probes drawn across the whole fleet,
 *   BENCH_ENRICHMENTS (300,000) in all: CPU (`process.cpuUsage()`) and wall µs per measurement.
 * Prints a row per size, then MB per 100,000 probes and per 1,000 polygons. Needs `--expose-gc`, which the script
 * gives; no server.
 *   npm run bench:enrichment
 */
import { loadavg } from 'node:os';
import { logStart, type Measurement } from '@nq/contracts';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import { openSqlReadStore } from '@nq/platform/read-store/sql-read-store';
import { openPgliteClient } from '@nq/platform/sql/pglite-client';
import { enrichment } from '@nq/services/features/ingest/index';
import { measurementFor, seededRandom } from '@nq/services/simulator/fleet-model';
import { campaignAreas, writeCampaigns, writeFleetReadModels } from './enrichment/enrichment-read-models.ts';
import { generatePanel, type Panel } from './panel/panel-model.ts';
import { virtualProbeOf } from './panel/virtual-probe.ts';

const variable = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const sizes = (name: string, fallback: string) =>
  (process.env[name] ?? fallback)
    .split(',')
    .map(Number)
    .sort((a, b) => a - b);
const fleetSizes = sizes('BENCH_PROBES', '10000,100000');
const polygonCounts = sizes('BENCH_POLYGONS', '0,100,1000');
const vertices = variable('BENCH_VERTICES', 300);
const clusterCount = variable('BENCH_CLUSTERS', 1_000);
const repeats = variable('BENCH_REPEATS', 3);
const enrichments = variable('BENCH_ENRICHMENTS', 300_000);
const seed = variable('BENCH_SEED', 42);
/** Measurements ingest receives in a batch. */
const batchSize = 1_000;
/** Measurements enriched in turn, from probes drawn over the whole fleet: more facts than a CPU cache holds. */
const poolSize = 20_000;
/** The day the measurements were taken, within the campaigns' dates. */
const measuredDay = Date.parse('2026-12-06T00:00:00Z');

const log = (line: string) => console.info(`[enrichment bench] ${line}`);
const collectGarbage = globalThis.gc;
if (!collectGarbage) throw new Error('run with node --expose-gc (npm run bench:enrichment does)');

/** The event log, empty: a first load reads the read models whole and asks the log nothing. */
const emptyLog = {
  head: async () => logStart,
  readAll: async () => [],
  readStreams: async () => new Map(),
};

/** The V8 heap, and the memory outside it held by JS objects (array buffers among it: PGlite's memory). */
interface HeapFigures {
  heapUsed: number;
  external: number;
}
/** What stays after two full collections (the second collects what the first's finalizers let go). */
function heapAfterCollection(): HeapFigures {
  collectGarbage!();
  collectGarbage!();
  const { heapUsed, external } = process.memoryUsage();
  return { heapUsed, external };
}
const grownBy = (after: HeapFigures, before: HeapFigures): HeapFigures => ({
  heapUsed: after.heapUsed - before.heapUsed,
  external: after.external - before.external,
});
const cpuMsSince = (start: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1_000;
};

/**
 * Measurements as the panel's probes send them, at instants spread over a day, from probes drawn over the whole
 * fleet; received by the gateway a moment later (ingest takes `receivedAt` from it).
 */
function measurementPool(panel: Panel, random: () => number) {
  const probes = panel.probes.map(virtualProbeOf);
  return Array.from({ length: poolSize }, () => {
    const probe = probes[Math.floor(random() * probes.length)]!;
    const at = new Date(measuredDay + Math.floor(random() * 86_400_000));
    return { ...measurementFor(probe, at, random), receivedAt: new Date(at.getTime() + 2_000).toISOString() };
  });
}

type PoolMeasurement = Measurement & { receivedAt: string };

interface Load {
  facts: HeapFigures;
  withLookups: HeapFigures;
  wallMs: number;
  cpuMs: number;
  /** The first batch after the load, which builds the lookups: wall and CPU ms. */
  firstBatchMs: number;
  firstBatchCpuMs: number;
}

/**
 * The facts measured, held from their load until the next load's baseline: a local alone might be let go by the
 * optimizing compiler once no longer used, before the heap is read.
 */
const held: { facts?: unknown } = {};

/** Enrichment started and its facts loaded as the ingest worker does, then `lookupBatch` enriched (lookups built). */
async function loadFacts(readStore: ReadStore, lookupBatch: readonly PoolMeasurement[]): Promise<Load> {
  delete held.facts;
  const before = heapAfterCollection();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const facts = enrichment(readStore, emptyLog);
  held.facts = facts;
  await facts.refresh();
  const wallMs = performance.now() - started;
  const cpuMs = cpuMsSince(cpu);
  const loaded = heapAfterCollection();
  const batchCpu = process.cpuUsage();
  const batchStarted = performance.now();
  for (const measurement of lookupBatch) facts.enrich(measurement);
  const firstBatchMs = performance.now() - batchStarted;
  const firstBatchCpuMs = cpuMsSince(batchCpu);
  const withLookups = heapAfterCollection();
  return {
    facts: grownBy(loaded, before),
    withLookups: grownBy(withLookups, before),
    wallMs,
    cpuMs,
    firstBatchMs,
    firstBatchCpuMs,
  };
}

interface EnrichCost {
  cpuMicros: number;
  wallMicros: number;
  campaignsPerMeasurement: number;
}

/** `enrich` over the pool batch after batch until BENCH_ENRICHMENTS are done, after one pass to warm it. */
async function enrichCost(readStore: ReadStore, pool: readonly PoolMeasurement[]): Promise<EnrichCost> {
  delete held.facts;
  const facts = enrichment(readStore, emptyLog);
  await facts.refresh();
  let campaigns = 0;
  for (const measurement of pool) campaigns += facts.enrich(measurement).campaigns.length;
  let done = 0;
  let sink = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  while (done < enrichments)
    for (let first = 0; first < pool.length && done < enrichments; first += batchSize) {
      const batch = pool.slice(first, Math.min(first + batchSize, first + enrichments - done));
      for (const measurement of batch) sink += facts.enrich(measurement).clusters.length;
      done += batch.length;
    }
  const wallMicros = ((performance.now() - started) * 1_000) / done;
  const cpuMicros = (cpuMsSince(cpu) * 1_000) / done;
  if (sink < 0) log('unreachable: keeps the enriched measurements from being optimized away');
  return { cpuMicros, wallMicros, campaignsPerMeasurement: campaigns / pool.length };
}

interface SizeRow {
  probes: number;
  polygons: number;
  loads: Load[];
  cost: EnrichCost;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const megabytes = (bytes: number) => bytes / 1_048_576;
const figure = (value: number, digits = 0) =>
  value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
/** The median of the loads, with their range when they differ (how stable the figure is). */
const heapText = (loads: Load[], of: (load: Load) => number) => {
  const values = loads.map((load) => megabytes(of(load)));
  const [low, high] = [Math.min(...values), Math.max(...values)];
  return `${figure(median(values), 1)} (${figure(low, 1)}–${figure(high, 1)})`;
};
const medianOf = (row: SizeRow, of: (load: Load) => number) => median(row.loads.map(of));

const header = [
  'probes',
  'polygons',
  'facts heap MB',
  'with lookups MB',
  'external Δ MB',
  'full load ms (CPU ms)',
  'first batch ms (CPU ms)',
  'enrich µs CPU (wall)',
  'campaigns a measurement',
];
const cellsOf = (row: SizeRow) => [
  row.probes.toLocaleString('en'),
  row.polygons.toLocaleString('en'),
  heapText(row.loads, (l) => l.facts.heapUsed),
  heapText(row.loads, (l) => l.withLookups.heapUsed),
  figure(megabytes(medianOf(row, (l) => l.withLookups.external)), 1),
  `${figure(medianOf(row, (l) => l.wallMs))} (${figure(medianOf(row, (l) => l.cpuMs))})`,
  `${figure(medianOf(row, (l) => l.firstBatchMs))} (${figure(medianOf(row, (l) => l.firstBatchCpuMs))})`,
  `${figure(row.cost.cpuMicros, 2)} (${figure(row.cost.wallMicros, 2)})`,
  figure(row.cost.campaignsPerMeasurement, 2),
];

log(
  `fleets ${fleetSizes.join(', ')} probes, ${clusterCount} clusters; polygons ${polygonCounts.join(', ')} of ` +
    `${vertices} vertices; ${repeats} loads a size; ${enrichments.toLocaleString('en')} enrichments a size; seed ` +
    `${seed}; load average ${loadavg()[0]!.toFixed(1)}`,
);
const areas = campaignAreas(Math.max(0, ...polygonCounts), vertices, seededRandom(seed + 1));
const rows: SizeRow[] = [];
for (const probes of fleetSizes) {
  const panel = generatePanel({ probes, clusters: clusterCount, seed });
  const sql = await openPgliteClient();
  const readStore = await openSqlReadStore(sql);
  let started = performance.now();
  await writeFleetReadModels(readStore, panel);
  log(`${probes.toLocaleString('en')} probes: read models written in ${figure(performance.now() - started)} ms`);
  const pool = measurementPool(panel, seededRandom(seed + 2));
  const lookupBatch = pool.slice(0, batchSize);
  let written = 0;
  for (const polygons of polygonCounts) {
    started = performance.now();
    await writeCampaigns(readStore, areas.slice(written, polygons), written);
    written = polygons;
    // Warm-up, not counted: the code compiled, PGlite's memory grown to what a load takes, the local-time memo filled.
    await loadFacts(readStore, pool);
    const loads: Load[] = [];
    for (let repeat = 0; repeat < repeats; repeat++) loads.push(await loadFacts(readStore, lookupBatch));
    const cost = await enrichCost(readStore, pool);
    const row = { probes, polygons, loads, cost };
    rows.push(row);
    log(`${cellsOf(row).join(' | ')} (${figure((performance.now() - started) / 1_000, 1)} s)`);
  }
  delete held.facts;
  await sql.close();
}

console.info(`\n| ${header.join(' | ')} |`);
console.info(`|${'---|'.repeat(header.length)}`);
for (const row of rows) console.info(`| ${cellsOf(row).join(' | ')} |`);
console.info(
  `heap MB: the median of ${repeats} loads (their range); with lookups: once the first batch has built them; ` +
    'external (array buffers included): PGlite grows its memory there, not the facts; first batch: the ' +
    `${batchSize.toLocaleString('en')} measurements enriched after a load, the lookups built on the way (as after ` +
    'any change to their family)',
);

const rowOf = (probes: number, polygons: number) => rows.find((r) => r.probes === probes && r.polygons === polygons);
const withLookups = (row: SizeRow) => medianOf(row, (l) => l.withLookups.heapUsed);
const factsOnly = (row: SizeRow) => medianOf(row, (l) => l.facts.heapUsed);
const [smallest, largest] = [fleetSizes[0]!, fleetSizes.at(-1)!];
const fewest = polygonCounts[0]!;
const [small, large] = [rowOf(smallest, fewest), rowOf(largest, fewest)];
if (small && large && largest > smallest) {
  const per100k = (of: (row: SizeRow) => number) =>
    figure((megabytes(of(large) - of(small)) * 100_000) / (largest - smallest), 1);
  console.info(
    `per 100,000 probes (${smallest.toLocaleString('en')} → ${largest.toLocaleString('en')} probes, ${fewest} ` +
      `polygons): ${per100k(factsOnly)} MB of facts, ${per100k(withLookups)} MB with the lookups`,
  );
}
for (const probes of fleetSizes)
  for (const polygons of polygonCounts.filter((count) => count > fewest)) {
    const [without, withPolygons] = [rowOf(probes, fewest), rowOf(probes, polygons)];
    if (!without || !withPolygons) continue;
    const per1k = (of: (row: SizeRow) => number) =>
      figure((megabytes(of(withPolygons) - of(without)) * 1_000) / (polygons - fewest), 1);
    console.info(
      `per 1,000 polygons of ${vertices} vertices (${probes.toLocaleString('en')} probes, ${fewest} → ${polygons}): ` +
        `${per1k(factsOnly)} MB of facts, ${per1k(withLookups)} MB with the lookups`,
    );
  }
