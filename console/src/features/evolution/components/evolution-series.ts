import type { Dimension, Granularity } from '@nq/contracts/analytics/query-ir';
import type { BucketKey, MetricBucket, MetricSeries } from '@nq/contracts/analytics/query-result';

/** A line of the chart: a series' values, their moving average or their global average. */
export interface ChartLine {
  /** The rows' field holding its values. */
  key: string;
  /** Its name in the legend, the tooltip and the data table. */
  name: string;
  kind: 'value' | 'movingAverage' | 'globalAverage';
  /** The series it belongs to, in display order (its colour). */
  series: number;
}

/** `x`: the bucket's start (ms) on a time axis, its label otherwise; `label`: the bucket as shown; then the lines. */
export type ChartRow = { x: number | string; label: string } & Record<string, number | string | null>;

export interface ChartData {
  /** What is drawn: a row per bucket in order and, on a time axis, an empty row where buckets are missing (a gap). */
  rows: ChartRow[];
  /** The buckets' rows only (the data table). */
  buckets: ChartRow[];
  lines: ChartLine[];
}

export interface Labels {
  /** The series name without breakdowns (the KPI's label). */
  single: string;
  /** A breakdown value as shown (fringe and weekday names…) when the answer gives it no label. */
  value: (dimension: string, value: string | number) => string;
  /** A bucket key as shown, for the granularity. */
  bucket: (key: BucketKey) => string;
  /** The name of a series' moving average, from the series name. */
  movingAverage: (series: string) => string;
  /** The name of a series' global average, from the series name. */
  globalAverage: (series: string) => string;
}

/** A series' name: its breakdown values, each by the name the answer gives it (a campaign's…) or as shown. */
export const seriesName = ({ key, labels: named }: Pick<MetricSeries, 'key' | 'labels'>, labels: Labels) => {
  const parts = (Object.entries(key) as [Dimension, string | number][]).map(
    ([dimension, value]) => named?.[dimension] ?? labels.value(dimension, value),
  );
  return parts.length > 0 ? parts.join(' · ') : labels.single;
};

const order = (key: BucketKey) => (typeof key === 'number' ? key : key === 'all' ? 0 : Date.parse(key));

/** A line drawn per series: its name, whether the answer has it, and its value in a bucket's row. */
interface Line {
  kind: ChartLine['kind'];
  name: (series: string, labels: Labels) => string;
  drawn: (series: MetricSeries) => boolean;
  value: (series: MetricSeries, bucket: MetricBucket | undefined) => number | undefined;
}

const lines: readonly Line[] = [
  { kind: 'value', name: (series) => series, drawn: () => true, value: (_, bucket) => bucket?.value },
  {
    kind: 'movingAverage',
    name: (series, labels) => labels.movingAverage(series),
    drawn: (series) => series.buckets.some((bucket) => bucket.movingAverage !== undefined),
    value: (_, bucket) => bucket?.movingAverage,
  },
  // A reference line: the same value in every row, buckets the series lacks and gaps included.
  {
    kind: 'globalAverage',
    name: (series, labels) => labels.globalAverage(series),
    drawn: (series) => series.globalAverage !== undefined,
    value: (series) => series.globalAverage,
  },
];

/**
 * The series as chart rows: buckets of every series merged by key, in order; a series without a bucket has no value
 * there (a gap in its line). Each series brings its value line and, when the answer has them, its moving average and
 * global average. On a time axis (`longestBucket` given) two buckets further apart than a bucket lasts get an empty
 * row between them, so no line joins them across the buckets missing in between.
 */
export function chartData(
  series: readonly MetricSeries[],
  labels: Labels,
  { longestBucket }: { longestBucket?: number } = {},
): ChartData {
  const drawn = series.flatMap((item, index) => {
    const name = seriesName(item, labels);
    return lines
      .filter((line) => line.drawn(item))
      .map((line) => ({
        item,
        line,
        chart: { key: `s${index}_${line.kind}`, name: line.name(name, labels), kind: line.kind, series: index },
      }));
  });
  const keys = [
    ...new Map(series.flatMap((item) => item.buckets.map((bucket) => [String(bucket.key), bucket.key]))).values(),
  ];
  keys.sort((a, b) => order(a) - order(b));
  const rowOf = (x: number | string, label: string, bucketKey?: BucketKey): ChartRow => {
    const row: ChartRow = { x, label };
    for (const { item, line, chart } of drawn) {
      const bucket =
        bucketKey === undefined ? undefined : item.buckets.find((b) => String(b.key) === String(bucketKey));
      const value = line.kind === 'globalAverage' || bucketKey !== undefined ? line.value(item, bucket) : undefined;
      row[chart.key] = value === undefined ? null : Number(value.toFixed(3));
    }
    return row;
  };
  const buckets = keys.map((key) =>
    rowOf(longestBucket === undefined ? labels.bucket(key) : order(key), labels.bucket(key), key),
  );
  const rows = buckets.flatMap((row, index) => {
    const before = buckets[index - 1];
    if (longestBucket === undefined || !before || Number(row.x) - Number(before.x) <= longestBucket) return [row];
    return [rowOf((Number(before.x) + Number(row.x)) / 2, ''), row];
  });
  return { rows, buckets, lines: drawn.map(({ chart }) => chart) };
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
