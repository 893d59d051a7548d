import {
  type CsvOptions,
  csvByteOrderMark,
  csvDefaultsFor,
  csvInstant,
  csvNumber,
} from '@nq/contracts/files/csv-options';
import { spreadsheetSafe } from '@nq/contracts/input/spreadsheet-safe';
import { dsvFormat } from 'd3-dsv';
import type { ChartData } from './chart-model.ts';

/** The chart's data as rows: what the table shows (numbers formatted) and the CSV holds (numbers as they are). */
export interface ChartTable {
  columns: string[];
  /** `at`: the instant of a time axis' row, which the CSV writes in its time zone where the table shows the label. */
  rows: { key: string; cells: (string | number | null)[]; at?: number }[];
}

/** The words the table needs that the data does not hold, in the interface language. */
export interface ChartTableNames {
  /** The axis column's header when the axis has no title. */
  category: string;
  boxParts: { min: string; q1: string; median: string; q3: string; max: string };
  point: { x: string; y: string; size: string; label: string };
  /** How an instant of a time axis without labels reads. */
  instant: (at: number) => string;
  series: string;
}

const boxParts = ['min', 'q1', 'median', 'q3', 'max'] as const;

/** The label of each axis value: a time axis' own labels (or its instants as read), a category's name. */
export const axisLabels = (axis: ChartData['axis'], instant: (at: number) => string): string[] =>
  axis.kind === 'time' ? axis.values.map((at, index) => axis.labels?.[index] ?? instant(at)) : axis.values;

/**
 * The visible part of the data as a table: a row per axis value with a column per series (or one per part of each
 * series' boxes); scatter and bubble points a row each.
 */
export function chartTable(data: ChartData, visible: (id: string) => boolean, names: ChartTableNames): ChartTable {
  const points = (data.points ?? []).filter((item) => visible(item.id));
  if (points.length > 0) {
    const sized = points.some((item) => item.points.some((point) => point.size !== undefined));
    return {
      columns: [names.series, names.point.x, names.point.y, ...(sized ? [names.point.size] : []), names.point.label],
      rows: points.flatMap((item) =>
        item.points.map((point, index) => ({
          key: `${item.id}-${index}`,
          cells: [item.name, point.x, point.y, ...(sized ? [point.size ?? null] : []), point.label ?? ''],
        })),
      ),
    };
  }
  const labels = axisLabels(data.axis, names.instant);
  const instants = data.axis.kind === 'time' ? data.axis.values : undefined;
  const at = (index: number) => (instants?.[index] === undefined ? {} : { at: instants[index] });
  const first = data.axis.title ?? names.category;
  const boxes = (data.boxes ?? []).filter((item) => visible(item.id));
  if (boxes.length > 0)
    return {
      columns: [first, ...boxes.flatMap((item) => boxParts.map((part) => `${item.name} · ${names.boxParts[part]}`))],
      rows: labels.map((label, index) => ({
        key: `${index}`,
        cells: [label, ...boxes.flatMap((item) => item.boxes[index] ?? boxParts.map(() => null))],
        ...at(index),
      })),
    };
  const series = data.series.filter((item) => visible(item.id));
  return {
    columns: [first, ...series.map((item) => item.name)],
    rows: labels.map((label, index) => ({
      key: `${index}`,
      cells: [label, ...series.map((item) => item.values[index] ?? null)],
      ...at(index),
    })),
  };
}

/**
 * The table as CSV, written as its options say (docs/features/csv-templates.md#csv-options; default English): a header
 * line, then the rows, separated by the delimiter; numbers with the decimal separator, missing values empty, a time
 * axis' instants as local date-times of the time zone with their offset, and names (a series, a label) that a
 * spreadsheet would run as a formula kept as text; the byte-order mark first when asked for.
 */
export function csvOf(table: ChartTable, options: CsvOptions = csvDefaultsFor('en')): string {
  const cell = (value: string | number | null) =>
    value === null
      ? ''
      : typeof value === 'number'
        ? csvNumber(value, options.decimalSeparator)
        : spreadsheetSafe(value);
  const text = dsvFormat(options.delimiter).formatRows([
    table.columns.map(spreadsheetSafe),
    ...table.rows.map((row) =>
      row.cells.map((value, index) =>
        index === 0 && row.at !== undefined ? (csvInstant(row.at, options.timeZone) ?? cell(value)) : cell(value),
      ),
    ),
  ]);
  return options.bom ? `${csvByteOrderMark}${text}` : text;
}
