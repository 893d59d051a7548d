import type { BoxplotBucket, BucketKey, KpiId, PointSeries, QueryIr, QueryResult, SeriesKey } from '@nq/contracts';
import type { AnalyticsScope, ScopedQuery } from './scope-query.ts';

export interface RunOptions {
  /** Aborting it cancels the engine query (design §6: a client abort cancels the query). */
  signal?: AbortSignal;
}

/** Design §6: one query language answered by either engine, the caller's profile scope always intersected in. */
export interface AnalyticsEngine {
  run(ir: QueryIr, scope: AnalyticsScope, options?: RunOptions): Promise<QueryResult>;
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
}

/** Beyond this many buckets (Elasticsearch's default `search.max_buckets`) a query is refused. */
export const maxBuckets = 65_536;
/** Series a breakdown level may have. */
export const maxSeries = 10_000;
