import { pruned } from '../../../shared/schema-form/json-schema.ts';
import type { SuiteDraft } from './task-suite-schema.ts';

/**
 * What a save sends: every field of the suite as edited (blank values left out for the server's defaults); an update
 * states the version it was edited from and, once the user has agreed, that the change of family may erase the tasks.
 */
export function suiteBody(draft: SuiteDraft, update?: { version?: number | undefined; confirmFamilyChange: boolean }) {
  const { name, family, ...rest } = draft;
  const body: Record<string, unknown> = { name, ...(family ? { family } : {}), ...(pruned(rest) as object) };
  if (!update) return body;
  return {
    ...body,
    ...(update.version === undefined ? {} : { expectedVersion: update.version }),
    ...(update.confirmFamilyChange ? { confirmFamilyChange: true } : {}),
  };
}
