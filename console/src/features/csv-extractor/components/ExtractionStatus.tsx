import type { FileRecord } from '@nq/contracts/files/file-record';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { formatSize } from '../../files/components/FilesPage.tsx';
import type { Problem } from '../machines/extraction.machine.ts';

export type ExtractionStep = 'following' | 'ready' | 'downloading' | 'failed' | 'retrying' | 'lost';

const frame = {
  following: 'border-blue-200 bg-blue-50',
  ready: 'border-emerald-200 bg-emerald-50',
  failed: 'border-rose-200 bg-rose-50',
} as const;

/** The extraction followed: its progress (percent and rows), then its download, or why it failed and its retry. */
export function ExtractionStatus({
  step,
  file,
  problem,
  unsteady,
  onDownload,
  onRetry,
  onExtractAgain,
}: {
  step: ExtractionStep;
  file: FileRecord | undefined;
  problem: Problem | undefined;
  unsteady: boolean;
  onDownload: () => void;
  onRetry: () => void;
  onExtractAgain: () => void;
}) {
  const { t, i18n } = useTranslation('csvExtractor');
  const name = file?.name ?? '';
  const again = (
    <Button variant="secondary" onClick={onExtractAgain}>
      {t('extractAgain')}
    </Button>
  );
  const problemText = problem && <p className="text-sm text-rose-700">{errorMessage(problem.code, problem.params)}</p>;

  if (step === 'lost')
    return (
      <section aria-live="polite" className={`space-y-3 rounded-lg border p-4 ${frame.failed}`}>
        <p className="text-sm font-medium text-gray-900">{t('lost')}</p>
        {problemText}
        {again}
      </section>
    );

  if (step === 'ready' || step === 'downloading')
    return (
      <section aria-live="polite" data-step="ready" className={`space-y-3 rounded-lg border p-4 ${frame.ready}`}>
        <h2 className="text-base font-semibold text-gray-900">{t('ready', { name })}</h2>
        <p className="text-sm text-gray-700">
          {[
            file?.progress?.rows === undefined ? undefined : t('rows', { count: file.progress.rows }),
            formatSize(file?.size, i18n.language),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {problemText}
        <div className="flex gap-2">
          <Button aria-label={t('downloadFile', { name })} busy={step === 'downloading'} onClick={onDownload}>
            {t('download')}
          </Button>
          {again}
        </div>
      </section>
    );

  if (step === 'failed' || step === 'retrying')
    return (
      <section aria-live="polite" data-step="failed" className={`space-y-3 rounded-lg border p-4 ${frame.failed}`}>
        <h2 className="text-base font-semibold text-gray-900">{t('failed', { name })}</h2>
        <p role="alert" className="text-sm text-rose-800">
          {errorMessage(file?.errorCode ?? 'files.generationFailed')}
        </p>
        {problemText}
        <div className="flex gap-2">
          <Button aria-label={t('retryFile', { name })} busy={step === 'retrying'} onClick={onRetry}>
            {t('retry')}
          </Button>
          {again}
        </div>
      </section>
    );

  const percent = file?.progress?.percent;
  const rows = file?.progress?.rows;
  return (
    <section aria-live="polite" data-step="following" className={`space-y-2 rounded-lg border p-4 ${frame.following}`}>
      <h2 className="text-base font-semibold text-gray-900">{t('following', { name })}</h2>
      <progress
        aria-label={t('progress', { name })}
        max={100}
        {...(percent === undefined ? {} : { value: percent })}
        className="h-2 w-full accent-blue-600"
      />
      <p className="flex gap-4 text-sm text-gray-700 tabular-nums">
        {percent === undefined && rows === undefined && <span>{t('waiting')}</span>}
        {percent !== undefined && (
          <span data-testid="extraction-percent">
            {new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100)}
          </span>
        )}
        {rows !== undefined && <span>{t('rows', { count: rows })}</span>}
      </p>
      {unsteady && <p className="text-xs text-gray-500">{t('checkFailed')}</p>}
      <p className="text-xs text-gray-500">
        <Link className="underline" to="/files_management">
          {t('inFiles')}
        </Link>
      </p>
      {again}
    </section>
  );
}
