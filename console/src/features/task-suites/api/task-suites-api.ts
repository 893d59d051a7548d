import { basePathOf } from '@nq/contracts/configuration/kinds';
import { isApiError } from '../../../shared/api/api-error.ts';
import { type Entity, entityApi, entityKeys } from '../../../shared/api/entities.ts';
import { queryClient } from '../../../shared/api/query-client.ts';
import type { SaveFailure, SaveInput, SaveOutput } from '../machines/family-change.machine.ts';
import { suiteBody } from './suite-body.ts';
import type { SuiteDraft } from './task-suite-schema.ts';

export const suitesPath = basePathOf('task-suite');
/** The console's list of task suites. */
export const suitesScreen = '/task_suites_configuration';

export type TaskSuite = Entity & SuiteDraft;

/** A save refused, as the editor shows it: the catalogue code and the problem of each field. */
function saveFailure(error: unknown, creating: boolean): SaveFailure {
  if (!isApiError(error) || error.status >= 500)
    return { code: creating ? 'taskSuites.createFailed' : 'taskSuites.updateFailed' };
  const fields = error.fieldProblems;
  return { code: error.code, ...(Object.keys(fields).length ? { fields } : {}) };
}

/** The editor's save: a create, or an update of every field (confirming a change of family when agreed). */
export async function saveSuite({ draft, stored, confirmFamilyChange }: SaveInput): Promise<SaveOutput> {
  const suites = entityApi<TaskSuite>(suitesPath);
  try {
    const result = stored
      ? await suites.update(stored.id, suiteBody(draft, { version: stored.version, confirmFamilyChange }))
      : await suites.create(suiteBody(draft));
    void queryClient.invalidateQueries({ queryKey: entityKeys.all(suitesPath) });
    return { id: result.id, version: result.version, warnings: result.warnings };
  } catch (error) {
    throw saveFailure(error, stored === undefined);
  }
}
