import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { type CommandResult, type Entity, useEntityWrite } from '../../../shared/api/entities.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { toast } from '../../../shared/ui/toasts.ts';
import { apiProblems, type FormProblems } from '../model/form-problems.ts';

export type SaveRequest =
  | { kind: 'create'; fields: Record<string, unknown> }
  | { kind: 'update'; id: string; changes: Record<string, unknown> };

export interface EntitySaveOptions {
  basePath: string;
  /** The form's field names: a problem of another field shows above the form. */
  fields: readonly string[];
  failureCodes: { create: string; update: string };
  onSaved: (result: CommandResult<Entity>) => void;
}

const genericCodes = new Set(['generic.error', 'internal.error', 'generic.fetchFailed']);

/**
 * Saving a form: problems found in the browser (the contracts' own rules) stop it before any call; the server's
 * problems show under their fields or above the form; warnings are toasted, then the screen goes on.
 */
export function useEntitySave({ basePath, fields, failureCodes, onSaved }: EntitySaveOptions) {
  const { t } = useTranslation();
  const write = useEntityWrite(basePath);
  const [problems, setProblems] = useState<FormProblems>({ fields: {} });

  async function save(request: SaveRequest, browserProblems: Record<string, string> = {}) {
    if (Object.keys(browserProblems).length > 0) return setProblems({ fields: browserProblems });
    setProblems({ fields: {} });
    try {
      const result = await write.mutateAsync(request);
      for (const warning of result.warnings) toast.warning(warning.code, warning.params);
      toast.success(t('saved'));
      onSaved(result);
    } catch (error) {
      const fallback = request.kind === 'create' ? failureCodes.create : failureCodes.update;
      const code = isApiError(error) && !genericCodes.has(error.code) ? error.code : fallback;
      setProblems(apiProblems(isApiError(error) && error.code === code ? error : { code }, fields));
    }
  }

  const fieldError = (name: string) => (problems.fields[name] ? errorMessage(problems.fields[name]) : undefined);
  return { save, saving: write.isPending, problems, fieldError, formError: problems.form };
}
