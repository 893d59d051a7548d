import type { ImportSummary } from '@nq/contracts/measurements/result-imports';
import { useTranslation } from 'react-i18next';
import { specificCodeOr } from '../../../shared/api/api-error.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { type Column, DataTable, Pagination } from '../../../shared/ui/DataTable.tsx';
import { ErrorNotice } from '../../../shared/ui/notices.tsx';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import { useImportList } from '../api/result-imports-api.ts';
import { formatNames } from '../model/import-formats.ts';
import { ImportStateBadge } from './ImportStateBadge.tsx';

export const importsPageSize = 10;

/** The profile's imports, newest first, a page at a time: each opens its report above the list. */
export function ImportsList({
  page,
  followed,
  onPage,
  onShow,
}: {
  page: number;
  followed: string | undefined;
  onPage: (page: number) => void;
  onShow: (id: string) => void;
}) {
  const { t, i18n } = useTranslation('resultImports');
  const dates = useDateFormat();
  const imports = useImportList(page, importsPageSize);
  const count = (value: number | undefined) => (value === undefined ? '' : value.toLocaleString(i18n.language));
  const columns: Column<ImportSummary>[] = [
    { key: 'createdAt', header: t('columns.createdAt'), render: (entry) => dates.dateTime(entry.createdAt) },
    { key: 'format', header: t('columns.format'), render: (entry) => formatNames[entry.format] },
    {
      key: 'from',
      header: t('columns.from'),
      className: 'max-w-xs break-all',
      render: (entry) => entry.url ?? t('fileSent'),
    },
    {
      key: 'state',
      header: t('columns.state'),
      render: (entry) => (
        <div className="flex flex-col gap-1">
          <ImportStateBadge state={entry.state} />
          {entry.error && (
            <span className="text-xs text-rose-700">{errorMessage(entry.error.code, entry.error.params)}</span>
          )}
        </div>
      ),
    },
    { key: 'read', header: t('columns.read'), render: (entry) => count(entry.report?.read ?? entry.progress.rows) },
    { key: 'imported', header: t('columns.imported'), render: (entry) => count(entry.report?.imported) },
    { key: 'refused', header: t('columns.refused'), render: (entry) => count(entry.report?.refused) },
    {
      key: 'show',
      header: <span className="sr-only">{t('common:actions')}</span>,
      render: (entry) =>
        entry.id === followed ? (
          <span className="text-xs text-gray-500">{t('shown')}</span>
        ) : (
          <Button
            variant="ghost"
            onClick={() => onShow(entry.id)}
            aria-label={t('showLabel', { when: dates.dateTime(entry.createdAt) })}
          >
            {t('show')}
          </Button>
        ),
    },
  ];
  return (
    <section className="space-y-2">
      <h2 className="text-base font-semibold text-gray-900">{t('history')}</h2>
      {imports.isError ? (
        <ErrorNotice code={specificCodeOr('resultImports.fetchFailed')(imports.error)} />
      ) : (
        <>
          <DataTable
            columns={columns}
            rows={imports.data?.list}
            rowKey={(entry) => entry.id}
            loading={imports.isPending}
            caption={t('history')}
          />
          {imports.data && imports.data.count > importsPageSize && (
            <Pagination page={page} pageSize={importsPageSize} count={imports.data.count} onPage={onPage} />
          )}
        </>
      )}
    </section>
  );
}
