import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ApiError, isApiError } from '../../../shared/api/api-error.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { Card, PageHeader } from '../../../shared/ui/screens.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { secondaryLink } from '../../fleet/link-styles.ts';
import { probesApi, type RejectedRow } from '../api/probes-api.ts';
import { RejectedRows } from './RejectedRows.tsx';

/** Why a file is not sent: the `csvImport` catalogue codes the browser finds itself. */
class FileProblem extends Error {
  readonly code: string;
  constructor(code: string) {
    super(code);
    this.code = code;
  }
}

async function readCsv(file: File): Promise<string> {
  if (!/\.csv$/i.test(file.name)) throw new FileProblem('csvImport.invalidFileFormat');
  if (typeof file.text !== 'function') throw new FileProblem('csvImport.unsupportedReader');
  try {
    return await file.text();
  } catch {
    throw new FileProblem('csvImport.readFailed');
  }
}

/** What went wrong, in the catalogue's words, with the rows or columns at fault. */
interface Refusal {
  message: string;
  rows?: RejectedRow[];
  columns?: string[];
}

function refusalOf(error: unknown): Refusal {
  if (error instanceof FileProblem) return { message: errorMessage(error.code) };
  if (!isApiError(error) || error.status >= 500) return { message: errorMessage('csvImport.configurationError') };
  const details = (error as ApiError).details as
    | { rows?: RejectedRow[]; columns?: string[]; unknownColumns?: string[]; repeatedColumns?: string[] }
    | undefined;
  if (details?.rows) return { message: errorMessage(error.code, { count: details.rows.length }), rows: details.rows };
  const columns = [
    ...(details?.columns ?? []),
    ...(details?.unknownColumns ?? []),
    ...(details?.repeatedColumns ?? []),
  ];
  return { message: error.localized, ...(columns.length ? { columns } : {}) };
}

/**
 * `probes_configuration/import` (docs/product/rules.md#csv-import-of-probes): a comma-separated file, checked whole by
 * the server; every bad row comes back with its line and reasons, and nothing is imported unless every row is valid.
 */
export default function ProbeImportPage() {
  const { t } = useTranslation('probes');
  const [file, setFile] = useState<File | undefined>();
  const upload = useMutation({
    mutationFn: async (chosen: File) => probesApi.importCsv(await readCsv(chosen)),
    onSuccess: ({ imported }) => toast.success(t('imported', { count: imported })),
    meta: { silent: true },
  });
  const refusal = upload.error ? refusalOf(upload.error) : undefined;

  return (
    <div className="max-w-5xl">
      <PageHeader
        title={t('importTitle')}
        actions={
          <Link className={secondaryLink} to="/probes_configuration">
            {t('backToList')}
          </Link>
        }
      />
      <Card className="space-y-3">
        <p className="text-sm text-gray-600">{t('importHelp')}</p>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (file) upload.mutate(file);
          }}
        >
          <label className="text-sm font-medium text-gray-700">
            {t('csvFile')}
            <input
              type="file"
              accept=".csv,text/csv"
              className="mt-1 block text-sm"
              onChange={(event) => {
                setFile(event.target.files?.[0]);
                upload.reset();
              }}
            />
          </label>
          <Button type="submit" disabled={!file} busy={upload.isPending}>
            {t('import')}
          </Button>
        </form>
      </Card>

      {upload.data && (
        <div
          role="status"
          className="mt-4 rounded-md bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
          data-testid="import-done"
        >
          <p className="font-medium">{t('imported', { count: upload.data.imported })}</p>
          <p>{upload.data.probes.join(', ')}</p>
        </div>
      )}
      {refusal && (
        <div className="mt-4 space-y-3" data-testid="import-refused">
          <p role="alert" className="rounded-md bg-rose-50 px-4 py-3 text-sm text-rose-700">
            {refusal.message}
          </p>
          {refusal.columns && (
            <p className="text-sm text-gray-700">
              {t('columnsAtFault')}: <span className="font-mono">{refusal.columns.join(', ')}</span>
            </p>
          )}
          {refusal.rows && <RejectedRows rows={refusal.rows} />}
        </div>
      )}
    </div>
  );
}
