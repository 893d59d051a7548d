import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../shared/ui/Button.tsx';
import { filesApi } from '../../files/api/files-api.ts';
import { type CalculationAsk, useRegulatoryFile, useRegulatoryFileRecord } from '../api/regulatory-reports-api.ts';

/**
 * Asks for the report's PDF or CSV of the figures shown (their version and the data received until then), in the
 * interface language: a file a job makes. Then says it is being prepared, links to the files, and offers it for
 * download once ready.
 */
export function RegulatoryFileButton({
  reportId,
  format,
  asked,
  disabled,
}: {
  reportId: string;
  format: 'pdf' | 'csv';
  asked: CalculationAsk;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('regulatoryReports');
  const request = useRegulatoryFile(reportId);
  const file = useRegulatoryFileRecord(request.data?.file).data;
  const download = useMutation({
    mutationFn: (id: string) => filesApi.downloadLink([id]),
    onSuccess: (link) => window.location.assign(link.url),
    meta: { errorCode: 'files.downloadFailed' },
  });
  const kind = t(`formats.${format}`);

  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        variant="secondary"
        busy={request.isPending}
        disabled={disabled}
        onClick={() =>
          request.mutate({
            format,
            ...(asked.asOf ? { asOf: asked.asOf } : {}),
            ...(asked.receivedUntil ? { receivedUntil: asked.receivedUntil } : {}),
            language: i18n.language === 'es' ? 'es' : 'en',
          })
        }
      >
        {t('askFile', { format: kind })}
      </Button>
      {file && (
        <p
          role="status"
          data-format={format}
          className="flex flex-wrap items-center justify-end gap-x-2 text-sm text-gray-700"
        >
          {file.status === 'ready' ? (
            <>
              {t('fileReady', { format: kind })}
              <Button
                variant="secondary"
                aria-label={t('downloadFile', { name: file.name })}
                busy={download.isPending}
                onClick={() => download.mutate(file.id)}
              >
                {t('download')}
              </Button>
            </>
          ) : (
            <>
              {file.status === 'error' ? t('fileFailed', { format: kind }) : t('fileQueued', { format: kind })}{' '}
              <Link to="/files_management" className="text-blue-700 underline">
                {t('openFiles')}
              </Link>
            </>
          )}
        </p>
      )}
    </div>
  );
}
