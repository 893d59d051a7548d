import type { RowAxis } from './query-ir.ts';
import type { Matrix, SeriesColours } from './query-result.ts';
import { type ChartEntity, chartEntityOf } from './series-colours.ts';

export { type ChartEntity, defaultChartColours } from './series-colours.ts';

/**
 * The chart model every chart is drawn from, in the console (`<GraphicChart>`) and in PDF reports (server-side SVG):
 * an x axis (instants or categories) and the series, boxes or points over it.
 */
export const chartTypes = [
  'bars',
  'line',
  'area',
  'table',
  'pie',
  'boxplot',
  'scatterplot',
  'bubbles',
  'radar',
  'mix',
] as const;
export type ChartType = (typeof chartTypes)[number];

/**
 * The x axis: instants (ms, a time chart: gaps where a bucket is missing, change markers) or categories. `title` names
 * it in the table and the CSV (the granularity: "Day", "Weekday"…).
 */
export type ChartAxis =
  | {
      kind: 'time';
      values: number[];
      /** How each instant reads (tooltip, table, CSV); default the date and time in the interface language. */
      labels?: string[];
      /** The longest a bucket lasts (ms): neighbours further apart are not joined. Default: the closest two's gap. */
      bucketLength?: number;
      /** Ticks fall at the starts of this zone's days, months…; default the browser's. */
      timeZone?: string;
      title?: string;
    }
  | {
      kind: 'category';
      values: string[];
      /** What each category stands for, when categories are entities (a slice per provider takes its colour). */
      entities?: (ChartEntity | undefined)[];
      title?: string;
    };

/** One drawn series over the axis' values (null: no value there). */
export interface ChartSeries {
  id: string;
  name: string;
  values: (number | null)[];
  /** Averages are drawn dashed, in their series' colour. */
  kind?: 'value' | 'movingAverage' | 'globalAverage';
  /**
   * The index (in `series`) of the series whose colour it takes: averages share their series'. Series without it take
   * their entity's colour (`seriesColour`).
   */
  colourOf?: number;
  /** What it stands for (its colour); without it, its name is its identity. */
  entity?: ChartEntity;
  /** For `mix` charts: how this series is drawn. */
  drawAs?: 'bars' | 'line' | 'area';
}

/** A boxplot per category: [min, q1, median, q3, max] for each axis value. */
export interface ChartBoxes {
  id: string;
  name: string;
  entity?: ChartEntity;
  boxes: ([number, number, number, number, number] | null)[];
}

/** Scatter or bubble points: x, y and, for bubbles, a size. */
export interface ChartPoints {
  id: string;
  name: string;
  entity?: ChartEntity;
  points: { x: number; y: number; size?: number; label?: string }[];
}

export interface ChartData {
  axis: ChartAxis;
  series: ChartSeries[];
  boxes?: ChartBoxes[];
  points?: ChartPoints[];
}

/** A row or column key of a table as the entity it stands for; time buckets stand for none. */
const axisEntity = (axis: RowAxis, key: string | number, colours: SeriesColours | undefined) =>
  axis === 'time' ? undefined : chartEntityOf({ [axis]: key }, colours);

/**
 * A table by rows and columns (a graphic answer's `matrix`) as chart data the table view draws: the rows on a
 * category axis, a series per column. `name` reads a row or column key (a bucket, a campaign's name…), `colours` the
 * configured colours the answer gives a key's entity.
 */
export function matrixChartData(
  matrix: Matrix,
  name: (axis: RowAxis, key: string | number) => string,
  title?: string,
  colours: (axis: RowAxis, key: string | number) => SeriesColours | undefined = () => undefined,
): ChartData {
  const entity = (axis: RowAxis, key: string | number) => axisEntity(axis, key, colours(axis, key));
  return {
    axis: {
      kind: 'category',
      values: matrix.rowKeys.map((key) => name(matrix.rows, key)),
      entities: matrix.rowKeys.map((key) => entity(matrix.rows, key)),
      ...(title === undefined ? {} : { title }),
    },
    series: matrix.columnKeys.map((key, column) => {
      const stands = entity(matrix.columns, key);
      return {
        id: `c${column}`,
        name: name(matrix.columns, key),
        kind: 'value',
        ...(stands ? { entity: stands } : {}),
        values: matrix.values.map((row) => row[column] ?? null),
      };
    }),
  };
}

/** How an axis value reads as a series name or a category: a time axis' label, else the value itself. */
const axisValueNames = (axis: ChartAxis): string[] =>
  axis.kind === 'time'
    ? axis.values.map((at, index) => axis.labels?.[index] ?? new Date(at).toISOString())
    : axis.values;

/**
 * The display option `transpose` on a chart of series over an axis: the series become the categories and each axis
 * value a series (averages, boxes and points have no transposed reading and are left out).
 */
export function transposeChartData(data: ChartData): ChartData {
  const series = data.series.filter((item) => (item.kind ?? 'value') === 'value');
  const entities = data.axis.kind === 'category' ? data.axis.entities : undefined;
  return {
    axis: { kind: 'category', values: series.map((item) => item.name), entities: series.map((item) => item.entity) },
    series: axisValueNames(data.axis).map((name, index) => {
      const entity = entities?.[index];
      return {
        id: `t${index}`,
        name,
        kind: 'value',
        ...(entity ? { entity } : {}),
        values: series.map((item) => item.values[index] ?? null),
      };
    }),
  };
}
