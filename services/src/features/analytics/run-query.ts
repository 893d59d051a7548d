import { randomInt } from 'node:crypto';
import {
  type BoxplotSeries,
  type Condition,
  type Dimension,
  DomainError,
  defaultOutlierDeviations,
  isMatrix,
  type KpiId,
  type Metric,
  type MetricSeries,
  type PointSeries,
  type QueryCoverage,
  type QueryIr,
  type QueryResult,
  type RowAxis,
  scatterplotSampleSize,
  wallClockAt,
  warning,
} from '@nq/contracts';
import type { AnalyticsBackend, AnalyticsEngine, RawSeries, RowCursor, Tile } from './analytics-engine.ts';
import type { CubeRouting } from './cube-routing-port.ts';
import { matrixOf } from './matrix.ts';
import {
  compareBucketKeys,
  compareSeriesKeys,
  keyedWithinRange,
  mean,
  orderSeries,
  withMovingAverage,
  withReferenceLines,
} from './post-process.ts';
import {
  type AnalyticsScope,
  allOf,
  kpisOfMeasure,
  type ScopedQuery,
  type Selection,
  scopeQuery,
  scopeSelection,
} from './scope-query.ts';

type MatrixAxes = { rows: RowAxis; columns: Dimension };

export interface EngineOptions {
  /** Points per series of a scatterplot (docs/product/limits.md#samples-and-pages: 10,000). */
  sampleSize?: number;
  /** Metrics and boxplots a cube covers are answered from it. */
  cubes?: CubeRouting;
}

/**
 * Outlier removal (`outliers` of docs/product/entities.md#graphic-filter-set): a KPI value is an outlier when it lies
 * more than k population standard deviations from the mean of all the selected values (every series together); the
 * fences become KPI conditions, so both engines drop the same measurements.
 */
async function withoutOutliers(
  backend: AnalyticsBackend,
  query: ScopedQuery,
  deviations: number,
  signal?: AbortSignal,
): Promise<ScopedQuery> {
  const fences = await Promise.all(
    kpisOfMeasure(query.measure).map(async (kpi): Promise<Condition | undefined> => {
      const stats = await backend.stats(query, kpi, signal);
      if (stats.count === 0) return undefined;
      const spread = deviations * stats.deviation;
      return {
        and: [
          { kpi, operator: 'gte', value: stats.mean - spread },
          { kpi, operator: 'lte', value: stats.mean + spread },
        ],
      };
    }),
  );
  return { ...query, conditions: allOf(query.conditions, ...fences) };
}

const displayOrder = (query: ScopedQuery, ir: QueryIr) => ({
  breakdowns: query.breakdowns,
  ordered: ir.ordered,
  sortOrder: ir.sortOrder,
});

const sortedBuckets = <B extends { key: RawSeries['buckets'][number]['key'] }>(buckets: B[], query: ScopedQuery) =>
  keyedWithinRange(buckets, query.from).sort((a, b) => compareBucketKeys(a.key, b.key));

function metricSeriesOf(raw: RawSeries[], query: ScopedQuery, ir: QueryIr): MetricSeries[] {
  const series = raw.map((item) => {
    const buckets = sortedBuckets(
      item.buckets.map(({ key, count, value }) => ({ key, count, value: value! })),
      query,
    );
    return withReferenceLines(
      { key: item.key, buckets: ir.movingAverage ? withMovingAverage(buckets, ir.movingAverage) : buckets },
      ir,
    );
  });
  return orderSeries(series, { ...displayOrder(query, ir), rank: (item) => mean(item.buckets.map((b) => b.value)) });
}

function boxplotSeriesOf(raw: RawSeries[], query: ScopedQuery, ir: QueryIr): BoxplotSeries[] {
  const series = raw.map((item) => ({
    key: item.key,
    buckets: sortedBuckets(
      item.buckets.map(({ key, count, boxplot }) => ({ key, count, ...boxplot! })),
      query,
    ),
  }));
  return orderSeries(series, { ...displayOrder(query, ir), rank: (item) => mean(item.buckets.map((b) => b.median)) });
}

const pointOrder = (series: PointSeries): PointSeries => ({
  ...series,
  points: [...series.points].sort((a, b) => (a.measurementId < b.measurementId ? -1 : 1)),
});

/** An engine's failure as the user meets it; an abort stays an abort. */
function failure(error: unknown, signal?: AbortSignal): unknown {
  if (signal?.aborted) return signal.reason;
  if (error instanceof DomainError) return error;
  return new DomainError('graphics.generateFailed', { cause: error });
}

/** The engine query's own failure (the caller names it in its terms), or the abort that ended it. */
async function settled<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw signal?.aborted ? signal.reason : error;
  }
}

const byTile = (a: Tile, b: Tile) => a.x - b.x || a.y - b.y;

/** What a map's tiles read: the metric of the selection's KPI over its located measurements. */
const tilesQuery = (selection: Selection & { kpi: KpiId }, scope: AnalyticsScope, metric: Metric): ScopedQuery => ({
  ...scopeSelection({ ...selection, located: true }, scope),
  measure: { kind: 'metric', kpi: selection.kpi, metric },
});

/** The calendar months of a time zone from one instant to another, both counted (March to May: 3). */
function monthsSpanned(first: string, last: string, timeZone: string): number {
  const [from, to] = [first, last].map((instant) => new Date(wallClockAt(Date.parse(instant), timeZone)));
  return (to!.getUTCFullYear() - from!.getUTCFullYear()) * 12 + to!.getUTCMonth() - from!.getUTCMonth() + 1;
}

/**
 * A scan paged by a keyset cursor, (measured time, id) after the last row read: each page is a query of its own, so
 * a measurement written meanwhile is read when it sorts after the cursor.
 */
export const keysetScan = (rows: AnalyticsBackend['rows']): AnalyticsBackend['scan'] =>
  async function* (query, batchSize, signal) {
    for (let after: RowCursor | undefined; ; ) {
      const batch = await rows(query, { ...(after ? { after } : {}), limit: batchSize }, signal);
      if (batch.length > 0) yield batch;
      if (batch.length < batchSize) return;
      const { measuredAt, measurementId } = batch.at(-1)!;
      after = { measuredAt, measurementId };
    }
  };
const defaultScanBatch = 1000;

/**
 * An AnalyticsEngine over either backend. Everything but the engine query is shared: the profile scope
 * (and what it narrowed the answer by), outlier fences, and the post-processing (moving and global averages, median,
 * ordering, warnings).
 */
export function createAnalyticsEngine(backend: AnalyticsBackend, options: EngineOptions = {}): AnalyticsEngine {
  const sampleSize = options.sampleSize ?? scatterplotSampleSize;

  async function answer(ir: QueryIr, scoped: ScopedQuery, signal?: AbortSignal): Promise<QueryResult> {
    const query =
      ir.outliers && !scoped.matchesNothing
        ? await withoutOutliers(backend, scoped, ir.outlierDeviations ?? defaultOutlierDeviations, signal)
        : scoped;
    const noData = (series: unknown[]) => (series.length === 0 ? [warning('graphics.noData')] : []);

    if (query.measure.kind === 'scatterplot') {
      const seed = ir.seed ?? randomInt(2_147_483_647);
      const raw = query.matchesNothing ? [] : await backend.sample(query, { seed, size: sampleSize }, signal);
      const byKey = compareSeriesKeys(query.breakdowns);
      const series = raw.map(pointOrder).sort((a, b) => byKey(a.key, b.key));
      const sampled = series.some((item) => item.total > item.points.length);
      return {
        kind: 'scatterplot',
        seed,
        sampleSize,
        series,
        warnings: [...noData(series), ...(sampled ? [warning('graphics.scatterplotSampled')] : [])],
        source: 'raw',
      };
    }
    const cube = query.matchesNothing ? undefined : await options.cubes?.pick(query);
    const source = cube ? (`cube ${cube.name}` as const) : 'raw';
    const raw = query.matchesNothing ? [] : await (cube ? cube.aggregate(signal) : backend.aggregate(query, signal));
    if (query.measure.kind === 'boxplot') {
      const series = boxplotSeriesOf(raw, query, ir);
      return { kind: 'boxplot', series, warnings: noData(series), source };
    }
    const series = metricSeriesOf(raw, query, ir);
    const matrix = isMatrix(ir)
      ? { matrix: matrixOf(series, ir.axes as MatrixAxes, ir.display?.transpose ?? false) }
      : {};
    return { kind: 'metric', metric: ir.metric, series, ...matrix, warnings: noData(series), source };
  }

  /**
   * The months of raw measurements a query reads: from its first measurement to its last (two lookups of one row
   * each, in time order), in its time zone; none without a measurement.
   */
  async function rawMonths(query: ScopedQuery, signal?: AbortSignal): Promise<number> {
    const [kpi] = kpisOfMeasure(query.measure);
    const measurements: ScopedQuery = { ...query, measure: { kind: 'measurements', ...(kpi ? { kpi } : {}) } };
    const end = (order: 'asc' | 'desc') =>
      backend.rows(measurements, { sort: 'measuredAt', order, offset: 0, limit: 1 }, signal);
    const [[first], [last]] = await settled(Promise.all([end('asc'), end('desc')]), signal);
    return first && last ? monthsSpanned(first.measuredAt, last.measuredAt, query.timeZone) : 0;
  }

  /** Whether a scoped query is answered from a cube or reads raw measurements (`coverage`, `tilesCoverage`). */
  async function coverageOf(query: ScopedQuery, outliers: boolean, signal?: AbortSignal): Promise<QueryCoverage> {
    signal?.throwIfAborted();
    if (query.matchesNothing) return { source: 'none' };
    const explained = await options.cubes?.explain(query, { outliers });
    if (explained && 'cube' in explained) return { source: 'cube', cube: explained.cube };
    try {
      return { source: 'raw', months: await rawMonths(query, signal), ...explained };
    } catch (error) {
      throw failure(error, signal);
    }
  }

  const engine: AnalyticsEngine = {
    coverage: (ir, scope, { signal } = {}) => coverageOf(scopeQuery(ir, scope), ir.outliers, signal),
    tilesCoverage: (selection, scope, metric, { signal } = {}) =>
      coverageOf(tilesQuery(selection, scope, metric), false, signal),
    async run(ir, scope, { signal } = {}) {
      signal?.throwIfAborted();
      const scoped = scopeQuery(ir, scope);
      try {
        const result = await answer(ir, scoped, signal);
        return scoped.narrowedBy ? { ...result, narrowedBy: scoped.narrowedBy } : result;
      } catch (error) {
        throw failure(error, signal);
      }
    },
    async tiles(selection, scope, { zoom, metric }, { signal } = {}) {
      signal?.throwIfAborted();
      const query = tilesQuery(selection, scope, metric);
      if (query.matchesNothing) return [];
      return (await settled(backend.tiles(query, zoom, signal), signal)).sort(byTile);
    },
    async groups(selection, scope, by, { signal } = {}) {
      signal?.throwIfAborted();
      const query = scopeSelection(selection, scope, by);
      if (query.matchesNothing) return [];
      const byKey = compareSeriesKeys(query.breakdowns);
      return (await settled(backend.groups(query, signal), signal)).sort((a, b) => byKey(a.key, b.key));
    },
    async count(selection, scope, options) {
      const [all] = await engine.groups(selection, scope, [], options);
      return all?.count ?? 0;
    },
    async rows(selection, scope, page, { signal } = {}) {
      signal?.throwIfAborted();
      const query = scopeSelection(selection, scope);
      if (query.matchesNothing) return { total: 0, rows: [] };
      const [total, rows] = await Promise.all([
        engine.count(selection, scope, { ...(signal ? { signal } : {}) }),
        settled(backend.rows(query, page, signal), signal),
      ]);
      return { total, rows };
    },
    async *scan(selection, scope, { signal, batchSize = defaultScanBatch } = {}) {
      signal?.throwIfAborted();
      const query = scopeSelection(selection, scope);
      if (query.matchesNothing) return;
      const batches = backend.scan(query, batchSize, signal);
      try {
        for (;;) {
          const next = await settled(batches.next(), signal);
          if (next.done) return;
          yield next.value;
        }
      } finally {
        // A scan left early (its reader stopped) releases what the backend holds open.
        await batches.return(undefined);
      }
    },
  };
  return engine;
}
