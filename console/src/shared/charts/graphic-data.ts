import { matrixChartData, transposeChartData } from '@nq/contracts/analytics/chart-data';
import type { Dimension, Granularity, RowAxis } from '@nq/contracts/analytics/query-ir';
import type {
  BucketKey,
  GraphicResponse,
  MetricSeries,
  SeriesKey,
  SeriesLabels,
} from '@nq/contracts/analytics/query-result';
import { chartEntityOf } from '@nq/contracts/analytics/series-colours';
import type { ChartAxis, ChartBoxes, ChartData, ChartPoints, ChartSeries } from './chart-model.ts';
import { isTimeGranularity, longestBucket } from './time-axis.ts';

/** How a graphic answer's parts read in the interface (see `graphicLabels` for the usual ones). */
export interface GraphicLabels {
  /** The series name without breakdowns (the KPI's label). */
  single: string;
  /** A breakdown value as shown (fringe and weekday names…) when the answer gives it no label. */
  value: (dimension: Dimension, value: string | number) => string;
  /** A bucket key as shown (see `bucketFormatter`). */
  bucket: (key: BucketKey) => string;
  /** The name of a series' moving average, from the series name. */
  movingAverage: (series: string) => string;
  /** The name of a series' global average, from the series name. */
  globalAverage: (series: string) => string;
  /** The request's granularity: on a time axis, buckets further apart than one lasts are not joined (a gap). */
  granularity?: Granularity | undefined;
  /** The profile's time zone: time ticks at the starts of its days, months… */
  timeZone?: string | undefined;
  /** The axis' title (the granularity's name): the table's and the CSV's first column. */
  axisTitle?: string | undefined;
}

/** A series' name: its breakdown values, each by the name the answer gives it (a campaign's…) or as shown. */
export const seriesName = (
  { key, labels: named }: { key: SeriesKey; labels?: SeriesLabels | undefined },
  labels: Pick<GraphicLabels, 'single' | 'value'>,
) => {
  const parts = (Object.entries(key) as [Dimension, string | number][]).map(
    ([dimension, value]) => named?.[dimension] ?? labels.value(dimension, value),
  );
  return parts.length > 0 ? parts.join(' · ') : labels.single;
};

const isInstant = (key: BucketKey): key is string => typeof key === 'string' && key !== 'all';
const order = (key: BucketKey) => (typeof key === 'number' ? key : isInstant(key) ? Date.parse(key) : 0);
const rounded = (value: number | undefined) => (value === undefined ? null : Number(value.toFixed(3)));

/** Every bucket key of the answer's series, once each, in order. */
function bucketKeys(series: readonly { buckets: readonly { key: BucketKey }[] }[]): BucketKey[] {
  const keys = [...new Map(series.flatMap((item) => item.buckets.map((b) => [String(b.key), b.key]))).values()];
  return keys.sort((a, b) => order(a) - order(b));
}

/** ISO instants make a time axis (gaps and change markers); weekdays or `all` make categories. */
function axisOf(keys: readonly BucketKey[], labels: GraphicLabels): ChartAxis {
  const title = labels.axisTitle === undefined ? {} : { title: labels.axisTitle };
  if (keys.length === 0 || !keys.every(isInstant))
    return { kind: 'category', values: keys.map(labels.bucket), ...title };
  const granularity = labels.granularity && isTimeGranularity(labels.granularity) ? labels.granularity : undefined;
  return {
    kind: 'time',
    values: keys.map(order),
    labels: keys.map(labels.bucket),
    ...(granularity ? { bucketLength: longestBucket[granularity] } : {}),
    ...(labels.timeZone ? { timeZone: labels.timeZone } : {}),
    ...title,
  };
}

/** Each series' value line, then (when the answer has them) its moving and global averages in its colour. */
function metricSeries(series: readonly MetricSeries[], keys: readonly BucketKey[], labels: GraphicLabels) {
  const drawn: ChartSeries[] = [];
  for (const [index, item] of series.entries()) {
    const name = seriesName(item, labels);
    const valueAt = (key: BucketKey) => item.buckets.find((bucket) => String(bucket.key) === String(key));
    const own = drawn.length;
    drawn.push({
      id: `s${index}`,
      name,
      kind: 'value',
      entity: chartEntityOf(item.key, item.colours),
      values: keys.map((key) => rounded(valueAt(key)?.value)),
    });
    if (item.buckets.some((bucket) => bucket.movingAverage !== undefined))
      drawn.push({
        id: `s${index}_movingAverage`,
        name: labels.movingAverage(name),
        kind: 'movingAverage',
        colourOf: own,
        values: keys.map((key) => rounded(valueAt(key)?.movingAverage)),
      });
    // A reference line: the same value at every bucket, those the series lacks included.
    if (item.globalAverage !== undefined)
      drawn.push({
        id: `s${index}_globalAverage`,
        name: labels.globalAverage(name),
        kind: 'globalAverage',
        colourOf: own,
        values: keys.map(() => rounded(item.globalAverage)),
      });
  }
  return drawn;
}

/**
 * A graphic answer (`POST /api/graphic` and the endpoints answering the same shape) as chart data: a table by rows and
 * columns as its rows and a series per column; otherwise metric series
 * merged by bucket in order (a series without a bucket has no value there), with their moving and global averages;
 * boxplots per bucket; scatter points. Series are named by their breakdown values and stand for the entities of those
 * values (their colours: a provider's configured one…).
 */
export function chartDataOf(answer: GraphicResponse, labels: GraphicLabels): ChartData {
  if (answer.kind === 'scatterplot') {
    const points: ChartPoints[] = answer.series.map((item, index) => ({
      id: `s${index}`,
      name: seriesName(item, labels),
      entity: chartEntityOf(item.key, item.colours),
      points: item.points.map((point) => ({ x: point.x, y: point.y, label: point.probeId })),
    }));
    return { axis: { kind: 'category', values: [] }, series: [], points };
  }
  if (answer.kind === 'metric' && answer.matrix) {
    const { series } = answer;
    // A row or column key by the name (and colour) the answer gives it in a series' labels, else as shown.
    const name = (axis: RowAxis, key: string | number) =>
      axis === 'time'
        ? labels.bucket(key as BucketKey)
        : (series.find((item) => item.key[axis] === key && item.labels?.[axis])?.labels?.[axis] ??
          labels.value(axis, key));
    const colours = (axis: RowAxis, key: string | number) =>
      axis === 'time' ? undefined : series.find((item) => item.key[axis] === key && item.colours?.[axis])?.colours;
    return matrixChartData(answer.matrix, name, labels.axisTitle, colours);
  }
  const keys = bucketKeys(answer.series);
  const axis = axisOf(keys, labels);
  if (answer.kind === 'boxplot') {
    const boxes: ChartBoxes[] = answer.series.map((item, index) => ({
      id: `s${index}`,
      name: seriesName(item, labels),
      entity: chartEntityOf(item.key, item.colours),
      boxes: keys.map((key) => {
        const box = item.buckets.find((bucket) => String(bucket.key) === String(key));
        return box ? [box.min, box.q1, box.median, box.q3, box.max] : null;
      }),
    }));
    return { axis, series: [], boxes };
  }
  const data = { axis, series: metricSeries(answer.series, keys, labels) };
  // A matrix comes transposed from the server; series over an axis are swapped here.
  return answer.display?.transpose ? transposeChartData(data) : data;
}

/** True when the answer has nothing to draw (docs/product/errors.md: 'No data for selected values'). */
export const isEmptyGraphic = (answer: GraphicResponse) =>
  answer.kind === 'scatterplot'
    ? answer.series.every((item) => item.points.length === 0)
    : answer.series.every((item) => item.buckets.length === 0);
