import type { Entity } from '../../../shared/api/entities.ts';

/** How a form's draft is made from its entity, turned into the API's body and checked. */
export interface DraftModel<T extends Entity, Draft> {
  /** The form's field names: a problem of another field shows above the form. */
  fields: readonly string[];
  draftOf: (entity: T | undefined) => Draft;
  bodyOf: (draft: Draft) => Record<string, unknown>;
  /** The contracts' rules checked in the browser before any call. */
  problemsOf: (draft: Draft) => Record<string, string>;
}
