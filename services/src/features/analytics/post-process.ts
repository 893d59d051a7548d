import type { BucketKey, Dimension, MetricBucket, MetricSeries, SeriesKey, sortOrders } from '@nq/contracts';

// Post-processing shared by both engines: it reads only bucket values, so both engines' answers go through the same
// arithmetic.

const compareValues = (a: string | number | undefined, b: string | number | undefined) =>
  a === b ? 0 : a === undefined ? -1 : b === undefined ? 1 : a < b ? -1 : 1;

/** Buckets in time (or weekday) order; ISO instants in UTC sort as text. */
export const compareBucketKeys = (a: BucketKey, b: BucketKey) => compareValues(a, b);

/**
 * A time bucket that began before the range asked for (a week from its Monday, a month from its first) holds only the
 * range's days: it is keyed, and so labelled, by the range's first instant rather than a day outside it.
 */
export function keyedWithinRange<B extends { key: BucketKey }>(buckets: readonly B[], from: string | undefined): B[] {
  const start = from === undefined ? Number.NaN : Date.parse(from);
  if (Number.isNaN(start)) return [...buckets];
  return buckets.map((bucket) =>
    typeof bucket.key === 'string' && bucket.key !== 'all' && Date.parse(bucket.key) < start
      ? { ...bucket, key: new Date(start).toISOString() }
      : bucket,
  );
}

/** Series by their breakdown values, dimension by dimension (numbers as numbers, text by code point). */
export const compareSeriesKeys = (breakdowns: readonly Dimension[]) => (a: SeriesKey, b: SeriesKey) => {
  for (const dimension of breakdowns) {
    const order = compareValues(a[dimension], b[dimension]);
    if (order !== 0) return order;
  }
  return 0;
};

export const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

export function median(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The trailing mean over up to `window` buckets (fewer at the start of the series); empty buckets are skipped. */
export function withMovingAverage(buckets: readonly MetricBucket[], window: number): MetricBucket[] {
  return buckets.map((bucket, index) => ({
    ...bucket,
    movingAverage: mean(buckets.slice(Math.max(0, index - window + 1), index + 1).map((b) => b.value)),
  }));
}

/** Reference lines of a series: the mean and the median of its bucket values. */
export function withReferenceLines(
  series: MetricSeries,
  options: { globalAverage: boolean; median: boolean },
): MetricSeries {
  const values = series.buckets.map((bucket) => bucket.value);
  return {
    ...series,
    ...(options.globalAverage ? { globalAverage: mean(values) } : {}),
    ...(options.median ? { globalMedian: median(values) } : {}),
  };
}

/**
 * Series in display order: by their key, or — when ordered — by their rank (the mean of their bucket values),
 * ascending or descending, ties by key.
 */
export function orderSeries<S extends { key: SeriesKey }>(
  series: S[],
  options: {
    breakdowns: readonly Dimension[];
    ordered: boolean;
    sortOrder: (typeof sortOrders)[number];
    rank: (series: S) => number;
  },
): S[] {
  const byKey = compareSeriesKeys(options.breakdowns);
  if (!options.ordered) return [...series].sort((a, b) => byKey(a.key, b.key));
  const direction = options.sortOrder === 'descending' ? -1 : 1;
  const ranked = series.map((item) => ({ item, rank: options.rank(item) }));
  ranked.sort((a, b) => (a.rank - b.rank) * direction || byKey(a.item.key, b.item.key));
  return ranked.map(({ item }) => item);
}
