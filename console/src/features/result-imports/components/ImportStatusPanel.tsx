import { importHasEnded } from '@nq/contracts/measurements/result-imports';
import { useTranslation } from 'react-i18next';
import { specificCodeOr } from '../../../shared/api/api-error.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { ErrorNotice } from '../../../shared/ui/notices.tsx';
import { Card, FormAlert, Spinner } from '../../../shared/ui/screens.tsx';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import { useImportStatus } from '../api/result-imports-api.ts';
import { formatNames } from '../model/import-formats.ts';
import { ImportReportView } from './ImportReportView.tsx';
import { ImportStateBadge } from './ImportStateBadge.tsx';

/** One import followed: its state and the results read so far (read again every second), then its report or why it failed. */
export function ImportStatusPanel({ id }: { id: string }) {
  const { t, i18n } = useTranslation('resultImports');
  const dates = useDateFormat();
  const status = useImportStatus(id);
  if (status.isPending) return <Spinner label={t('common:loading')} />;
  if (status.isError) return <ErrorNotice code={specificCodeOr('resultImports.fetchFailed')(status.error)} />;
  const { data } = status;
  const running = !importHasEnded(data.state);
  const rows = data.progress.rows ?? 0;
  return (
    <Card className="space-y-3">
      <div className="flex flex-wrap items-center gap-3" data-testid="followed-import">
        <h2 className="text-base font-semibold text-gray-900">
          {t('importOf', { format: formatNames[data.format], when: dates.dateTime(data.createdAt) })}
        </h2>
        <ImportStateBadge state={data.state} />
        <span className="break-all text-xs text-gray-600">{data.url ?? t('fileSent')}</span>
      </div>
      {running && (
        <div className="flex items-center gap-3">
          <progress
            aria-label={t('progressLabel')}
            max={100}
            {...(data.progress.percent === undefined ? {} : { value: data.progress.percent })}
            className="h-1.5 w-60 accent-blue-600"
          />
          <span className="text-sm text-gray-700">{t('progress', { rows: rows.toLocaleString(i18n.language) })}</span>
        </div>
      )}
      {data.error && <FormAlert>{errorMessage(data.error.code, data.error.params)}</FormAlert>}
      {data.report && <ImportReportView report={data.report} />}
    </Card>
  );
}
