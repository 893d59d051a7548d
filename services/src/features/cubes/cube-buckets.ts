import type { BucketKey, SeriesKey } from '@nq/contracts';
import { quantileOf } from '@nq/projections';
import type { RawBucket, RawSeries, ScopedQuery } from '../analytics/index.ts';

/** What a backend reads of a (series, bucket) from cube rows: the merged measures the query's metric needs. */
export interface MergedBucket {
  series: SeriesKey;
  key: BucketKey;
  count: number;
  sum?: number;
  min?: number;
  max?: number;
  first?: number;
  last?: number;
  probes?: number;
  bins?: Map<number, number>;
}

/** Which merged measures a query's metric needs read. */
export function measuresNeeded(query: ScopedQuery) {
  const { measure } = query;
  if (measure.kind === 'boxplot') return { bins: true, bounds: true };
  if (measure.kind !== 'metric') throw new Error('a cube answers metrics and boxplots');
  switch (measure.metric) {
    case 'median':
    case 'p10':
    case 'p90':
      return { bins: true, bounds: true };
    default:
      return { bins: false, bounds: false };
  }
}

const quantiles = { median: 0.5, p10: 0.1, p90: 0.9 } as const;

function bucketOf(query: ScopedQuery, merged: MergedBucket): RawBucket {
  const { measure } = query;
  const bounds =
    merged.min !== undefined && merged.max !== undefined ? { min: merged.min, max: merged.max } : undefined;
  const quantile = (q: number) => quantileOf(merged.bins ?? new Map(), q, bounds);
  const bucket = { key: merged.key, count: merged.count };
  if (measure.kind === 'boxplot')
    return {
      ...bucket,
      boxplot: { min: merged.min!, q1: quantile(0.25), median: quantile(0.5), q3: quantile(0.75), max: merged.max! },
    };
  if (measure.kind !== 'metric') throw new Error('a cube answers metrics and boxplots');
  switch (measure.metric) {
    case 'count':
      return { ...bucket, value: merged.count };
    case 'avg':
      return { ...bucket, value: merged.sum! / merged.count };
    case 'min':
      return { ...bucket, value: merged.min! };
    case 'max':
      return { ...bucket, value: merged.max! };
    case 'first':
      return { ...bucket, value: merged.first! };
    case 'last':
      return { ...bucket, value: merged.last! };
    case 'uniqueCount':
      return { ...bucket, value: merged.probes! };
    default:
      return { ...bucket, value: quantile(quantiles[measure.metric]) };
  }
}

/** The merged buckets as the engine's series (non-empty buckets only). */
export function seriesOfMerged(query: ScopedQuery, merged: MergedBucket[]): RawSeries[] {
  const series = new Map<string, RawSeries>();
  for (const item of merged) {
    if (item.count === 0) continue;
    const id = JSON.stringify(query.breakdowns.map((dimension) => item.series[dimension]));
    let entry = series.get(id);
    if (!entry) {
      entry = { key: item.series, buckets: [] };
      series.set(id, entry);
    }
    entry.buckets.push(bucketOf(query, item));
  }
  return [...series.values()];
}
