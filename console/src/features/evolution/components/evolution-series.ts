import type { Granularity } from '@nq/contracts/analytics/query-ir';
import type { BucketKey, MetricBucket, MetricSeries, SeriesKey } from '@nq/contracts/analytics/query-result';

export interface ChartData {
  /** One row per bucket, in time order: `{ bucket: label, [series]: value }`. */
  rows: Record<string, string | number>[];
  /** The series names (the chart's categories). */
  categories: string[];
}

export interface Labels {
  /** The series name without breakdowns (the KPI's label). */
  single: string;
  /** A breakdown value as shown (fringe and weekday names…). */
  value: (dimension: string, value: string | number) => string;
  /** A bucket key as shown, for the granularity. */
  bucket: (key: BucketKey) => string;
  /** The name of a series' moving average, from the series name. */
  movingAverage: (series: string) => string;
  /** The name of a series' global average, from the series name. */
  globalAverage: (series: string) => string;
}

export const INDEX = 'bucket';

export const seriesName = (key: SeriesKey, labels: Labels) => {
  const parts = Object.entries(key).map(([dimension, value]) => labels.value(dimension, value as string | number));
  return parts.length > 0 ? parts.join(' · ') : labels.single;
};

const order = (key: BucketKey) => (typeof key === 'number' ? key : key === 'all' ? 0 : Date.parse(key));

/** A line drawn per series: its category's name, whether the answer has it, and its value in a bucket's row. */
interface Line {
  name: (series: string, labels: Labels) => string;
  drawn: (series: MetricSeries) => boolean;
  value: (series: MetricSeries, bucket: MetricBucket | undefined) => number | undefined;
}

const lines: readonly Line[] = [
  { name: (series) => series, drawn: () => true, value: (_, bucket) => bucket?.value },
  {
    name: (series, labels) => labels.movingAverage(series),
    drawn: (series) => series.buckets.some((bucket) => bucket.movingAverage !== undefined),
    value: (_, bucket) => bucket?.movingAverage,
  },
  // A reference line: the same value in every row, buckets the series lacks included.
  {
    name: (series, labels) => labels.globalAverage(series),
    drawn: (series) => series.globalAverage !== undefined,
    value: (series) => series.globalAverage,
  },
];

/**
 * The series as Tremor's chart data: buckets of every series merged by key, in order; a missing value is a gap. Each
 * series brings its value line and, when the answer has them, its moving average and global average.
 */
export function chartData(series: readonly MetricSeries[], labels: Labels): ChartData {
  const drawn = series.flatMap((item) => {
    const name = seriesName(item.key, labels);
    return lines.filter((line) => line.drawn(item)).map((line) => ({ item, line, category: line.name(name, labels) }));
  });
  const keys = [
    ...new Map(series.flatMap((item) => item.buckets.map((bucket) => [String(bucket.key), bucket.key]))).values(),
  ];
  keys.sort((a, b) => order(a) - order(b));
  const rows = keys.map((key) => {
    const row: Record<string, string | number> = { [INDEX]: labels.bucket(key) };
    for (const { item, line, category } of drawn) {
      const bucket = item.buckets.find((candidate) => String(candidate.key) === String(key));
      const value = line.value(item, bucket);
      if (value !== undefined) row[category] = Number(value.toFixed(3));
    }
    return row;
  });
  return { rows, categories: drawn.map(({ category }) => category) };
}

/** How a bucket's start reads at each granularity (instants in the profile's time zone). */
export function bucketFormatter(
  granularity: Granularity,
  language: string,
  timeZone: string,
  names: { weekday: (day: number) => string; all: string },
) {
  const options: Record<Granularity, Intl.DateTimeFormatOptions> = {
    minutes: { dateStyle: 'short', timeStyle: 'short' },
    hours: { dateStyle: 'short', timeStyle: 'short' },
    day: { dateStyle: 'medium' },
    week: { dateStyle: 'medium' },
    weekday: {},
    month: { month: 'short', year: 'numeric' },
    quarter: { month: 'short', year: 'numeric' },
    year: { year: 'numeric' },
    no_granularity: {},
  };
  const format = new Intl.DateTimeFormat(language, { ...options[granularity], timeZone });
  return (key: BucketKey) => {
    if (key === 'all') return names.all;
    if (typeof key === 'number') return names.weekday(key);
    if (granularity === 'quarter') {
      const date = new Date(key);
      const parts = new Intl.DateTimeFormat('en', { month: 'numeric', year: 'numeric', timeZone }).formatToParts(date);
      const month = Number(parts.find((part) => part.type === 'month')?.value ?? 1);
      const year = parts.find((part) => part.type === 'year')?.value ?? '';
      return `Q${Math.ceil(month / 3)} ${year}`;
    }
    return format.format(new Date(key));
  };
}

/** True when the answer has nothing to draw (spec §8: 'No data for selected values'). */
export const isEmpty = (series: readonly MetricSeries[]) => series.every((item) => item.buckets.length === 0);
