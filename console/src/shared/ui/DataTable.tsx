import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  render?: (row: Row) => ReactNode;
  className?: string;
  /** The column holds identifiers a person may copy (a token's id, a measurement id): written in a fixed-width font. */
  identifier?: boolean;
}

export interface DataTableProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  loading?: boolean;
  caption?: string;
  onRowClick?: (row: Row) => void;
}

const cellText = (value: unknown): ReactNode =>
  value === undefined || value === null
    ? ''
    : typeof value === 'object'
      ? Array.isArray(value)
        ? value.length
        : JSON.stringify(value)
      : String(value);

export function DataTable<Row>({ columns, rows, rowKey, loading, caption, onRowClick }: DataTableProps<Row>) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
      <table className="min-w-full divide-y divide-gray-200 text-sm" aria-busy={loading || undefined}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="bg-gray-50">
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className="px-3 py-2 text-left font-semibold text-gray-600">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {loading && !rows?.length && (
            <tr>
              <td colSpan={columns.length} className="px-3 py-6 text-center text-gray-500">
                {t('loading')}
              </td>
            </tr>
          )}
          {!loading && rows?.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="px-3 py-6 text-center text-gray-500">
                {t('noRows')}
              </td>
            </tr>
          )}
          {rows?.map((row) => (
            <tr
              key={rowKey(row)}
              className={onRowClick ? 'cursor-pointer hover:bg-blue-50' : undefined}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
            >
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={`px-3 py-2 align-top ${column.identifier ? 'font-mono text-xs' : ''} ${column.className ?? ''}`}
                  {...(column.identifier ? { 'data-identifier': '' } : {})}
                >
                  {column.render ? column.render(row) : cellText((row as Record<string, unknown>)[column.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface PaginationProps {
  page: number;
  pageSize: number;
  /** How many rows there are in all. */
  count: number;
  /** How far into them pages reach, when not to the end (a search window): the rest is said to be out of reach. */
  reachable?: number;
  onPage: (page: number) => void;
  onPageSize?: ((pageSize: number) => void) | undefined;
  pageSizes?: readonly number[];
}

export function Pagination({
  page,
  pageSize,
  count,
  reachable = count,
  onPage,
  onPageSize,
  pageSizes = [10, 25, 50, 100],
}: PaginationProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(Math.min(count, reachable) / pageSize));
  return (
    <nav className="flex flex-wrap items-center justify-end gap-3 py-2 text-sm text-gray-600" aria-label="pagination">
      {count > reachable && <span className="text-amber-700">{t('pagesReachFirst', { count: reachable })}</span>}
      <span>{t('total', { count })}</span>
      {onPageSize && (
        <label className="inline-flex items-center gap-1">
          {t('rowsPerPage')}
          <select
            className="rounded border border-gray-300 px-1 py-0.5"
            value={pageSize}
            onChange={(event) => onPageSize(Number(event.target.value))}
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      )}
      <span>{t('pageOf', { page, pages })}</span>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('previous')}
      </Button>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('next')}
      </Button>
    </nav>
  );
}
