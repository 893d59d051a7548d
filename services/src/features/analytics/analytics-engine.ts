import type {
  BoxplotBucket,
  BucketKey,
  Dimension,
  EnrichedMeasurement,
  KpiId,
  Metric,
  PointSeries,
  QueryCoverage,
  QueryIr,
  QueryResult,
  RowSortField,
  SeriesKey,
} from '@nq/contracts';
import type { AnalyticsScope, ScopedQuery, Selection } from './scope-query.ts';

export interface RunOptions {
  /** Aborting it cancels the engine query (a client abort cancels the query). */
  signal?: AbortSignal;
}

/** A map's grid: web-mercator tiles of a zoom level (as Elasticsearch's `geotile_grid`), a metric of the KPI in each. */
export interface Tiling {
  zoom: number;
  metric: Metric;
}
/** A non-empty tile (`zoom/x/y`, x from the west, y from the north) and the metric of its measurements. */
export interface Tile {
  x: number;
  y: number;
  count: number;
  value: number;
}

/** How many of the selected measurements have a combination of dimension values, and when the latest was taken. */
export interface Group {
  key: SeriesKey;
  count: number;
  lastMeasuredAt: string;
}

/** A page of measurements in an order (ties by measurement id, missing values last). */
export interface RowPage {
  sort: RowSortField;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}
/** Where a scan resumes: after this measurement in (measured time, measurement id) order. */
export interface RowCursor {
  measuredAt: string;
  measurementId: string;
}
export type RowWindow = RowPage | { after?: RowCursor; limit: number };

/** One query language answered by either engine, the caller's profile scope always intersected in. */
export interface AnalyticsEngine {
  run(ir: QueryIr, scope: AnalyticsScope, options?: RunOptions): Promise<QueryResult>;
  /**
   * Whether `run` would answer from a cube (which) or read raw measurements (over how many months), and then the
   * cube that would answer it, or why none can; running nothing but the lookup of the first and last measurement.
   */
  coverage(ir: QueryIr, scope: AnalyticsScope, options?: RunOptions): Promise<QueryCoverage>;
  /** What `coverage` says of the map `tiles` draws (and counts): read raw, its measurements being located. */
  tilesCoverage(
    selection: Selection & { kpi: KpiId },
    scope: AnalyticsScope,
    metric: Metric,
    options?: RunOptions,
  ): Promise<QueryCoverage>;
  /** Maps: the metric of the selection's KPI per tile, over the located measurements. */
  tiles(
    selection: Selection & { kpi: KpiId },
    scope: AnalyticsScope,
    tiling: Tiling,
    options?: RunOptions,
  ): Promise<Tile[]>;
  /** Groups by the dimensions' values (list dimensions count a measurement in each of its values), in key order. */
  groups(selection: Selection, scope: AnalyticsScope, by: readonly Dimension[], options?: RunOptions): Promise<Group[]>;
  count(selection: Selection, scope: AnalyticsScope, options?: RunOptions): Promise<number>;
  /** A page of the selected measurements and how many there are in all. */
  rows(
    selection: Selection,
    scope: AnalyticsScope,
    page: RowPage,
    options?: RunOptions,
  ): Promise<{ total: number; rows: EnrichedMeasurement[] }>;
  /**
   * Every selected measurement, oldest first, in batches (an export; not bounded by a page window). On Elasticsearch
   * the scan reads one snapshot (a point in time, closed when the scan ends or is left); on SQL each batch reads after
   * the last one's (time, id), so a measurement written meanwhile is read when it sorts after it.
   */
  scan(
    selection: Selection,
    scope: AnalyticsScope,
    options?: RunOptions & { batchSize?: number },
  ): AsyncGenerator<EnrichedMeasurement[]>;
}

/** A non-empty bucket as an engine answers it: the metric's value, or the boxplot's five numbers. */
export interface RawBucket {
  key: BucketKey;
  count: number;
  value?: number;
  boxplot?: Omit<BoxplotBucket, 'key' | 'count'>;
}
export interface RawSeries {
  key: SeriesKey;
  buckets: RawBucket[];
}

/** Population statistics of a KPI over a selection (outlier fences). */
export interface KpiStats {
  count: number;
  mean: number;
  deviation: number;
}

export interface Sampling {
  seed: number;
  size: number;
}

/** What each engine adapter answers; run-query shares everything else (scope, outliers, post-processing). */
export interface AnalyticsBackend {
  /** Non-empty series and buckets of a metric or boxplot query, in any order. */
  aggregate(query: ScopedQuery, signal?: AbortSignal): Promise<RawSeries[]>;
  stats(query: ScopedQuery, kpi: KpiId, signal?: AbortSignal): Promise<KpiStats>;
  /** At most `size` points per series, chosen by a hash of the seed and the measurement id. */
  sample(query: ScopedQuery, sampling: Sampling, signal?: AbortSignal): Promise<PointSeries[]>;
  /** Non-empty tiles of a metric query over located measurements, in any order. */
  tiles(query: ScopedQuery, zoom: number, signal?: AbortSignal): Promise<Tile[]>;
  /** Non-empty groups by the query's breakdowns, in any order. */
  groups(query: ScopedQuery, signal?: AbortSignal): Promise<Group[]>;
  rows(query: ScopedQuery, window: RowWindow, signal?: AbortSignal): Promise<EnrichedMeasurement[]>;
  /**
   * Every selected measurement in (measured time, id) order, in batches of `batchSize` (the last one shorter). What it
   * holds open (Elasticsearch's point in time) is released when the scan ends, throws, is aborted or is left early.
   */
  scan(query: ScopedQuery, batchSize: number, signal?: AbortSignal): AsyncGenerator<EnrichedMeasurement[]>;
}

/** Beyond this many buckets (Elasticsearch's default `search.max_buckets`) a query is refused. */
export const maxBuckets = 65_536;
/** Series a breakdown level may have. */
export const maxSeries = 10_000;
