import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useProfile } from '../../../shared/api/profile.ts';
import { NarrowedByNote } from '../../../shared/charts/NarrowedByNote.tsx';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { useAddressState } from '../../../shared/routing/useAddressState.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { type Column, DataTable } from '../../../shared/ui/DataTable.tsx';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { ErrorNotice } from '../../../shared/ui/notices.tsx';
import { PageHeader } from '../../../shared/ui/screens.tsx';
import { showToast } from '../../../shared/ui/toasts.ts';
import { type FileRecord, fileKeys, filesApi } from '../api/files-api.ts';
import { FileStatus } from './FileStatus.tsx';
import { MonthlyDataAction } from './MonthlyDataAction.tsx';
import { useDownloadFromAddress } from './useDownloadFromAddress.ts';

/** While a file is being made the list is read again this often, so its progress moves and it turns ready. */
export const REFRESH_WHILE_IN_PROGRESS_MS = 2_000;

const sizeUnits = ['B', 'KB', 'MB', 'GB'] as const;
export function formatSize(bytes: number | undefined, language: string) {
  if (bytes === undefined) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < sizeUnits.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit ? 1 : 0 }).format(value)} ${sizeUnits[unit]}`;
}

/** The API's own catalogue code for a refusal (4xx); the screen's message for anything else. */
const codeOf = (error: unknown, fallback: string) => (isApiError(error) && error.status < 500 ? error.code : fallback);

/**
 * /files_management: the user's files, their status (docs/product/states.md#files) and progress, download, retry,
 * deleted ones; what a pinned file reproduces ("Data received until …, configuration position …") and what its owner
 * should know of its content.
 */
export default function FilesPage() {
  const { t, i18n } = useTranslation('files');
  const timeZone = useProfile()?.timeZone ?? 'Etc/UTC';
  const address = useAddressState();
  const { params: search, set: setAddress } = address;
  useDownloadFromAddress(address);
  const showDeleted = search.get('showDeleted') === 'true';
  const queryClient = useQueryClient();

  const files = useQuery({
    queryKey: fileKeys.list(showDeleted),
    queryFn: ({ signal }) => filesApi.list(showDeleted, signal),
    refetchInterval: (query) =>
      query.state.data?.list.some((file) => file.status === 'inProgress') ? REFRESH_WHILE_IN_PROGRESS_MS : false,
  });

  const retry = useMutation({
    mutationFn: (file: FileRecord) => filesApi.retry(file.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileKeys.all }),
    onError: (error) => showToast({ kind: 'error', code: codeOf(error, 'files.retryFailed') }),
  });

  const download = useMutation({
    mutationFn: (file: FileRecord) => filesApi.downloadLink([file.id]),
    onSuccess: (link) => window.location.assign(link.url),
    onError: (error) => showToast({ kind: 'error', code: codeOf(error, 'files.downloadFailed') }),
  });

  const toggleDeleted = (shown: boolean) => setAddress({ showDeleted: shown ? 'true' : undefined });

  const when = (instant: string | undefined) => formatDateTime(instant, timeZone);
  const columns: Column<FileRecord>[] = [
    {
      key: 'name',
      header: t('name'),
      render: (file) => (
        <span className="flex flex-col">
          <span className="font-medium text-gray-900">{file.name}</span>
          <span className="text-xs text-gray-500">{t(`services.${file.service}`)}</span>
          <NarrowedByNote narrowedBy={file.narrowedBy} />
          {file.reproduce && (
            <span className="text-xs text-gray-500" title={t('reproducedHint')} data-testid="file-reproduction">
              {t('reproducedAs', { receivedUntil: when(file.reproduce.receivedUntil), asOf: file.reproduce.asOf })}
            </span>
          )}
          {file.warnings?.map((warning) => (
            <span key={warning.code} role="note" className="text-xs text-amber-800">
              {errorMessage(warning.code, warning.params)}
            </span>
          ))}
        </span>
      ),
    },
    { key: 'status', header: t('status'), render: (file) => <FileStatus file={file} /> },
    {
      key: 'size',
      header: t('size'),
      render: (file) => formatSize(file.size, i18n.language),
      className: 'tabular-nums whitespace-nowrap',
    },
    { key: 'createdAt', header: t('createdAt'), render: (file) => when(file.createdAt) },
    { key: 'endedAt', header: t('endedAt'), render: (file) => when(file.endedAt) },
    { key: 'measurementId', header: t('measurementId'), identifier: true },
    { key: 'deletedAt', header: t('deletedAt'), render: (file) => when(file.deletedAt) },
    {
      key: 'actions',
      header: <span className="sr-only">{t('actions')}</span>,
      render: (file) =>
        file.deletedAt ? null : file.status === 'ready' ? (
          <Button
            variant="secondary"
            aria-label={t('downloadFile', { name: file.name })}
            busy={download.isPending && download.variables?.id === file.id}
            onClick={() => download.mutate(file)}
          >
            {t('download')}
          </Button>
        ) : file.status === 'error' ? (
          <span className="flex flex-col items-start gap-1">
            {file.errorCode && <span className="text-xs text-rose-700">{errorMessage(file.errorCode)}</span>}
            <Button
              variant="secondary"
              aria-label={t('retryFile', { name: file.name })}
              busy={retry.isPending && retry.variables?.id === file.id}
              onClick={() => retry.mutate(file)}
            >
              {t('retry')}
            </Button>
          </span>
        ) : null,
    },
  ];

  return (
    <div>
      <PageHeader title={t('title')} actions={<MonthlyDataAction />}>
        <p className="text-sm text-gray-600">{t('intro')}</p>
      </PageHeader>
      <label className="mb-3 inline-flex items-center gap-2 text-sm text-gray-700">
        <input
          type="checkbox"
          className="h-4 w-4 rounded border-gray-300"
          checked={showDeleted}
          onChange={(event) => toggleDeleted(event.target.checked)}
        />
        {t('showDeleted')}
      </label>
      {files.isError ? (
        <ErrorNotice
          code={codeOf(files.error, 'files.fetchFailed')}
          onRetry={() => void files.refetch()}
          retryLabel={t('tryAgain')}
        />
      ) : files.data?.list.length === 0 ? (
        <p className="rounded-lg border border-gray-200 bg-white px-3 py-6 text-center text-sm text-gray-500">
          {showDeleted ? t('emptyWithDeleted') : t('empty')}
        </p>
      ) : (
        <DataTable
          caption={t('title')}
          columns={columns}
          rows={files.data?.list}
          rowKey={(file) => file.id}
          loading={files.isPending}
        />
      )}
    </div>
  );
}
