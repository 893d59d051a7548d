import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../shared/ui/Button.tsx';
import { filesApi } from '../../files/api/files-api.ts';
import { type CalculationSelection, useReportFile, useScorecardReport } from '../api/scorecards-api.ts';

/**
 * The scorecard screens' "PDF report": asks for the report of the window and version the screen shows, in the
 * interface language; then says it is being prepared, links to the files, and offers it for download once ready.
 */
export function ScorecardReportButton({
  scorecardId,
  selection,
  disabled,
}: {
  scorecardId: string;
  selection: CalculationSelection;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('scorecards');
  const report = useScorecardReport(scorecardId);
  const file = useReportFile(report.data?.file).data;
  const download = useMutation({
    mutationFn: (id: string) => filesApi.downloadLink([id]),
    onSuccess: (link) => window.location.assign(link.url),
    meta: { errorCode: 'files.downloadFailed' },
  });
  const filesLink = (
    <Link to="/files_management" className="text-blue-700 underline">
      {t('openFiles')}
    </Link>
  );

  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        variant="secondary"
        busy={report.isPending}
        disabled={disabled}
        onClick={() => report.mutate({ ...selection, language: i18n.language === 'es' ? 'es' : 'en' })}
      >
        {t('reportPdf')}
      </Button>
      {file && (
        <p role="status" className="flex flex-wrap items-center justify-end gap-x-2 text-sm text-gray-700">
          {file.status === 'ready' ? (
            <>
              {t('reportReady')}
              <Button
                variant="secondary"
                aria-label={t('downloadReport', { name: file.name })}
                busy={download.isPending}
                onClick={() => download.mutate(file.id)}
              >
                {t('download')}
              </Button>
            </>
          ) : (
            <>
              {file.status === 'error' ? t('reportFailed') : t('reportQueued')} {filesLink}
            </>
          )}
        </p>
      )}
    </div>
  );
}
