import { useTranslation } from 'react-i18next';
import type { ChartTable } from './chart-table.ts';

/** Rows a chart's table shows; the CSV export holds them all. A page of tens of thousands of rows would freeze. */
export const shownTableRows = 1_000;

/** The chart's data as an accessible table: a header per column, a row per axis value (or point). */
export function ChartTableView({
  title,
  table,
  format,
}: {
  title: string;
  table: ChartTable;
  /** A number as shown, with its unit. */
  format: (value: number) => string;
}) {
  const { t, i18n } = useTranslation('charts');
  const count = (value: number) => value.toLocaleString(i18n.language);
  const rows = table.rows.slice(0, shownTableRows);
  return (
    <div className="overflow-x-auto">
      {rows.length < table.rows.length && (
        <p className="mb-2 text-xs text-gray-600" role="note">
          {t('tableCut', { shown: count(rows.length), total: count(table.rows.length) })}
        </p>
      )}
      <table aria-label={title} className="min-w-full divide-y divide-gray-200 text-sm">
        <thead className="bg-gray-50">
          <tr>
            {table.columns.map((column, index) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: columns may share a name (two series called alike)
                key={index}
                scope="col"
                className={`px-3 py-2 font-semibold text-gray-600 ${index === 0 ? 'text-left' : 'text-right'}`}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: a cell's place is its column
                  key={index}
                  className={`px-3 py-1.5 ${typeof cell === 'number' ? 'text-right tabular-nums' : ''}`}
                >
                  {typeof cell === 'number' ? format(cell) : (cell ?? '')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
