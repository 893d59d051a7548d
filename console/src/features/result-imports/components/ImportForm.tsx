import { maxImportMegabytes } from '@nq/contracts/measurements/result-imports';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, isApiError } from '../../../shared/api/api-error.ts';
import { useTimeZone } from '../../../shared/api/profile.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { FieldFrame, inputClass, TextField } from '../../../shared/ui/fields.tsx';
import { Card, FormAlert } from '../../../shared/ui/screens.tsx';
import { type ImportBody, useStartImport } from '../api/result-imports-api.ts';
import { emptyDraft, type ImportDraft, optionsOf } from '../model/import-draft.ts';
import { FileProblem, readImportFile } from '../model/read-import-file.ts';
import { FormatChoice } from './FormatChoice.tsx';
import { ImportOptionFields } from './ImportOptionFields.tsx';

/** The fields the form shows: a server's problem with one of them is shown under it, any other above the form. */
const shownFields = new Set(['file', 'text', 'url', 'probe', 'program', 'technology', 'direction', 'measuredAt']);

/** The server's refusal of the whole request, in the catalogue's words; a failure it does not explain is the screen's. */
function refusalOf(error: ApiError | undefined, fieldProblems: Record<string, string>) {
  if (!error) return undefined;
  if (error.code === 'generic.error' || error.code === 'internal.error' || error.status === 0)
    return errorMessage('resultImports.startFailed');
  return Object.keys(fieldProblems).some((field) => shownFields.has(field)) ? undefined : error.localized;
}

/**
 * The import to start: its format, the file (from this computer, read here and sent as text, at most 8 MB) or the
 * address to download it from, and the options the format reads. Answers the import started.
 */
export function ImportForm({ onStarted }: { onStarted: (id: string) => void }) {
  const { t } = useTranslation('resultImports');
  const timeZone = useTimeZone();
  const id = useId();
  const [draft, setDraft] = useState<ImportDraft>(emptyDraft);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [reading, setReading] = useState(false);
  const start = useStartImport();
  const change = (changes: Partial<ImportDraft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setProblems({});
    start.reset();
  };

  async function sourceOf(): Promise<Pick<ImportBody, 'text' | 'url'> | undefined> {
    if (draft.from === 'url') {
      if (draft.url.trim()) return { url: draft.url.trim() };
      setProblems({ url: errorMessage('validation.required') });
      return undefined;
    }
    if (!draft.file) {
      setProblems({ file: errorMessage('validation.required') });
      return undefined;
    }
    setReading(true);
    try {
      return { text: await readImportFile(draft.file) };
    } catch (error) {
      if (!(error instanceof FileProblem)) throw error;
      setProblems({ file: error.message });
      return undefined;
    } finally {
      setReading(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const source = await sourceOf();
    if (!source) return;
    start.mutate(
      { format: draft.format, ...source, ...optionsOf(draft, timeZone) },
      { onSuccess: (started) => onStarted(started.id) },
    );
  }

  const serverError = isApiError(start.error) ? start.error : undefined;
  const serverProblems = serverError?.fieldProblems ?? {};
  // The text sent is the file chosen.
  const { text: textProblem, ...fieldProblems }: Record<string, string | undefined> = {
    ...serverProblems,
    ...problems,
  };
  const shown: Record<string, string | undefined> = { ...fieldProblems, file: fieldProblems.file ?? textProblem };
  const refusal =
    start.error && !serverError ? errorMessage('resultImports.startFailed') : refusalOf(serverError, serverProblems);

  return (
    <Card>
      <form className="space-y-4" onSubmit={submit} noValidate aria-label={t('formLabel')}>
        <FormatChoice value={draft.format} onChange={(format) => change({ format })} />
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-gray-700">{t('source')}</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            {(['file', 'url'] as const).map((from) => (
              <label key={from} className="inline-flex items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-from`}
                  checked={draft.from === from}
                  onChange={() => change({ from })}
                />
                {t(`sources.${from}`)}
              </label>
            ))}
          </div>
          {draft.from === 'file' ? (
            <FieldFrame
              id={`${id}-file`}
              label={t('file')}
              hint={t('fileHint', { limit: maxImportMegabytes })}
              error={shown.file}
            >
              <input
                id={`${id}-file`}
                type="file"
                accept=".json,.ndjson,.jsonl,.txt,application/json,application/x-ndjson,text/plain"
                aria-invalid={shown.file ? true : undefined}
                className={inputClass(shown.file)}
                onChange={(event) => change({ file: event.target.files?.[0] })}
              />
            </FieldFrame>
          ) : (
            <TextField
              label={t('url')}
              type="url"
              placeholder="https://"
              value={draft.url}
              onChange={(event) => change({ url: event.target.value })}
              hint={t('urlHint')}
              error={shown.url}
            />
          )}
        </fieldset>
        <ImportOptionFields draft={draft} problems={shown} onChange={change} />
        {refusal && <FormAlert>{refusal}</FormAlert>}
        <div className="flex items-center gap-3">
          <Button type="submit" busy={reading || start.isPending}>
            {t('start')}
          </Button>
          {reading && <span className="text-sm text-gray-600">{t('reading')}</span>}
        </div>
      </form>
    </Card>
  );
}
