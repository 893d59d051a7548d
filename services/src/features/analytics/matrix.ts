import type { Dimension, Matrix, MetricSeries, RowAxis } from '@nq/contracts';
import { compareBucketKeys } from './post-process.ts';

type HeaderKey = Matrix['rowKeys'][number];

const distinctInOrder = (keys: HeaderKey[]) => [...new Set(keys)].sort(compareBucketKeys);

/**
 * A table by rows and columns laid out from a metric's series: rows of time are the series' buckets (one series per
 * column value); rows of a dimension come from the series' keys (one bucket each). Transposed, rows and columns swap.
 */
export function matrixOf(
  series: readonly MetricSeries[],
  axes: { rows: RowAxis; columns: Dimension },
  transpose: boolean,
): Matrix {
  const cells = series.flatMap((item) =>
    item.buckets.map((bucket) => ({
      row: axes.rows === 'time' ? bucket.key : item.key[axes.rows]!,
      column: item.key[axes.columns]!,
      value: bucket.value,
    })),
  );
  const rowKeys = distinctInOrder(cells.map((cell) => cell.row));
  const columnKeys = distinctInOrder(cells.map((cell) => cell.column));
  const at = new Map(cells.map((cell) => [`${cell.row}\u0000${cell.column}`, cell.value]));
  const value = (row: HeaderKey, column: HeaderKey) => at.get(`${row}\u0000${column}`) ?? null;
  if (transpose)
    return {
      rows: axes.columns,
      columns: axes.rows,
      rowKeys: columnKeys,
      columnKeys: rowKeys,
      values: columnKeys.map((column) => rowKeys.map((row) => value(row, column))),
    };
  return {
    rows: axes.rows,
    columns: axes.columns,
    rowKeys,
    columnKeys,
    values: rowKeys.map((row) => columnKeys.map((column) => value(row, column))),
  };
}
