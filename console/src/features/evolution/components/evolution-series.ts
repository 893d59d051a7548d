import type { Granularity } from '@nq/contracts/analytics/query-ir';
import type { BucketKey, MetricSeries, SeriesKey } from '@nq/contracts/analytics/query-result';

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
}

export const INDEX = 'bucket';

export const seriesName = (key: SeriesKey, labels: Labels) => {
  const parts = Object.entries(key).map(([dimension, value]) => labels.value(dimension, value as string | number));
  return parts.length > 0 ? parts.join(' · ') : labels.single;
};

const order = (key: BucketKey) => (typeof key === 'number' ? key : key === 'all' ? 0 : Date.parse(key));

/** The series as Tremor's chart data: buckets of every series merged by key, in order; a missing value is a gap. */
export function chartData(series: readonly MetricSeries[], labels: Labels): ChartData {
  const categories = series.map((item) => seriesName(item.key, labels));
  const keys = [
    ...new Map(series.flatMap((item) => item.buckets.map((bucket) => [String(bucket.key), bucket.key]))).values(),
  ];
  keys.sort((a, b) => order(a) - order(b));
  const rows = keys.map((key) => {
    const row: Record<string, string | number> = { [INDEX]: labels.bucket(key) };
    series.forEach((item, index) => {
      const bucket = item.buckets.find((candidate) => String(candidate.key) === String(key));
      const category = categories[index];
      if (bucket && category !== undefined) row[category] = Number(bucket.value.toFixed(3));
    });
    return row;
  });
  return { rows, categories };
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
