import { chartEntityOf } from '@nq/contracts/analytics/series-colours';
import type { ChartData } from '../../../shared/charts/chart-model.ts';
import { chartDataOf, type GraphicLabels, seriesName } from '../../../shared/charts/graphic-data.ts';
import type { ComparisonAnswer } from '../api/comparison.ts';

const rounded = (value: number | undefined) => (value === undefined ? null : Number(value.toFixed(3)));

/** Without a granularity each series is one value (bucket `all`): the compared ISPs or destinations side by side. */
export const isOneValuePerSeries = (answer: ComparisonAnswer) =>
  answer.series.every((series) => series.buckets.every((bucket) => bucket.key === 'all'));

/**
 * A comparison as chart data: one value per series puts the series on the axis (a bar each, in the answer's order:
 * the best first on the benchmark); over time each series is a line of buckets as on any graphic.
 */
export function comparisonChartOf(answer: ComparisonAnswer, labels: GraphicLabels, axisTitle: string): ChartData {
  if (!isOneValuePerSeries(answer)) return chartDataOf(answer, labels);
  return {
    axis: {
      kind: 'category',
      values: answer.series.map((series) => seriesName(series, labels)),
      entities: answer.series.map((series) => chartEntityOf(series.key, series.colours)),
      title: axisTitle,
    },
    series: [
      {
        id: 'value',
        name: labels.single,
        kind: 'value',
        values: answer.series.map((series) => rounded(series.buckets[0]?.value)),
      },
    ],
  };
}

/** A row of the data table: a series' value in one bucket, with how many values it holds. */
export interface ComparisonRow {
  key: string;
  rank?: number;
  name: string;
  bucket?: string;
  value: number;
  count: number;
}

/**
 * The answer's numbers as table rows, in its order: ranked when the screen orders the series (the benchmark, best
 * first) and each is one value; with a bucket each when over time.
 */
export function comparisonRows(answer: ComparisonAnswer, labels: GraphicLabels, ordered: boolean): ComparisonRow[] {
  const oneValue = isOneValuePerSeries(answer);
  return answer.series.flatMap((series, index) =>
    series.buckets.map((bucket) => ({
      key: `${index}-${String(bucket.key)}`,
      ...(oneValue && ordered ? { rank: index + 1 } : {}),
      ...(oneValue ? {} : { bucket: labels.bucket(bucket.key) }),
      name: seriesName(series, labels),
      value: bucket.value,
      count: bucket.count,
    })),
  );
}
