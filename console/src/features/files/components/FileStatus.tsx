import type { FileRecord } from '@nq/contracts/files/file-record';
import { useTranslation } from 'react-i18next';

const statusClass: Record<FileRecord['status'], string> = {
  inProgress: 'bg-blue-100 text-blue-800',
  ready: 'bg-emerald-100 text-emerald-800',
  error: 'bg-rose-100 text-rose-800',
};

/** The file's status as a badge; while in progress, how far it has come as a bar. */
export function FileStatus({ file }: { file: FileRecord }) {
  const { t } = useTranslation('files');
  const percent = file.progress?.percent;
  return (
    <div className="flex min-w-32 flex-col gap-1">
      <span
        data-status={file.status}
        className={`inline-flex w-fit rounded-full px-2 py-0.5 text-xs font-medium ${statusClass[file.status]}`}
      >
        {t(`statuses.${file.status}`)}
      </span>
      {file.status === 'inProgress' && (
        <progress
          aria-label={t('progress', { name: file.name })}
          max={100}
          {...(percent === undefined ? {} : { value: percent })}
          className="h-1.5 w-32 accent-blue-600"
        />
      )}
      {file.status === 'inProgress' && file.progress?.rows !== undefined && (
        <span className="text-xs text-gray-500">{t('rows', { count: file.progress.rows })}</span>
      )}
    </div>
  );
}
