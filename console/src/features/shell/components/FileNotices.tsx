import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { type FileRecord, filesApi } from '../../files/api/files-api.ts';

/** A file ends once per attempt: a retried file is told again when it ends again. */
const endOf = (file: FileRecord) => `${file.id}#${file.attempts}`;

/**
 * Tells the user, wherever they work, when one of their files ends: ready (with its download) or failed. Each file
 * once; the files that had ended before the shell first looked are not told.
 */
export function FileNotices({ files }: { files: readonly FileRecord[] | undefined }) {
  const { t } = useTranslation('shell');
  const told = useRef<Set<string> | undefined>(undefined);
  const [notices, setNotices] = useState<FileRecord[]>([]);
  const [downloading, setDownloading] = useState<string>();

  useEffect(() => {
    if (!files) return;
    const ended = files.filter((file) => file.status !== 'inProgress' && !file.deletedAt);
    if (!told.current) {
      told.current = new Set(ended.map(endOf));
      return;
    }
    const fresh = ended.filter((file) => !told.current?.has(endOf(file)));
    if (fresh.length === 0) return;
    for (const file of fresh) told.current.add(endOf(file));
    setNotices((shown) => [...fresh, ...shown.filter((file) => !fresh.some((again) => again.id === file.id))]);
  }, [files]);

  const dismiss = (id: string) => setNotices((shown) => shown.filter((file) => file.id !== id));
  const download = async (file: FileRecord) => {
    setDownloading(file.id);
    try {
      const link = await filesApi.downloadLink([file.id]);
      dismiss(file.id);
      window.location.assign(link.url);
    } catch (error) {
      toast.error(error, 'files.downloadFailed');
    } finally {
      setDownloading(undefined);
    }
  };

  if (notices.length === 0) return null;
  return (
    <section
      aria-label={t('fileNotices')}
      className="fixed bottom-4 right-4 z-40 flex w-96 flex-col gap-2"
      aria-live="polite"
    >
      {notices.map((file) => (
        <div
          key={file.id}
          role="status"
          className="flex items-start justify-between gap-3 rounded-md border border-gray-200 bg-white px-3 py-2 text-sm shadow"
        >
          <div className="flex min-w-0 flex-col gap-1">
            {file.status === 'ready' ? (
              <span>{t('fileReady', { name: file.name })}</span>
            ) : (
              <>
                <span>{t('fileFailed', { name: file.name })}</span>
                {file.errorCode && <span className="text-xs text-rose-700">{errorMessage(file.errorCode)}</span>}
              </>
            )}
            <span className="flex gap-2">
              {file.status === 'ready' ? (
                <Button
                  variant="secondary"
                  aria-label={t('downloadFile', { name: file.name })}
                  busy={downloading === file.id}
                  onClick={() => void download(file)}
                >
                  {t('download')}
                </Button>
              ) : (
                <Link to="/files_management" className="text-blue-700 underline" onClick={() => dismiss(file.id)}>
                  {t('openFiles')}
                </Link>
              )}
            </span>
          </div>
          <button
            type="button"
            aria-label={t('common:dismiss')}
            onClick={() => dismiss(file.id)}
            className="opacity-60"
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
