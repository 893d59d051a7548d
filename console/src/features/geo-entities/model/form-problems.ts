import type { z } from 'zod';
import { endsBeforeStart } from './utc-dates.ts';

// Where a problem shows: under the form field it concerns, or above the form. Messages are catalogue codes,
// translated by the caller (errorMessage), so they follow the interface language.

export interface FormProblems {
  /** Field name → catalogue code. */
  fields: Record<string, string>;
  /** A problem no field shows. */
  form?: string;
}

/** The form field a body path belongs to: `polygon.coordinates.0` → `polygon`, `probes.2.start` → `probes`. */
export const fieldOf = (path: string, fields: readonly string[]): string | undefined => {
  const head = path.replace(/^(body|querystring|params)\./, '').split('.')[0] ?? '';
  return fields.includes(head) ? head : undefined;
};

/** Catalogue codes a name field shows (the uniqueness conflict names its scope, not the field). */
const nameCodes = /\.(nameExists|forbiddenName)$/;

interface ErrorLike {
  code: string;
  details?: unknown;
}

/** An API error's problems: per-field ones under their fields, a rule naming one field under it, others above. */
export function apiProblems(error: ErrorLike, fields: readonly string[]): FormProblems {
  const details = (error.details ?? {}) as {
    fields?: { field: string; code?: string; message: string }[];
    field?: unknown;
  };
  const problems: Record<string, string> = {};
  for (const problem of details.fields ?? []) {
    const field = fieldOf(problem.field, fields);
    if (field && !problems[field]) problems[field] = problem.code ?? error.code;
  }
  const ruleField = nameCodes.test(error.code)
    ? 'name'
    : typeof details.field === 'string'
      ? fieldOf(details.field, fields)
      : undefined;
  if (ruleField && fields.includes(ruleField) && !problems[ruleField]) problems[ruleField] = error.code;
  return Object.keys(problems).length > 0 ? { fields: problems } : { fields: {}, form: error.code };
}

/** The first issue per field of a body checked against the entity's contract schema (messages are catalogue codes). */
export function schemaProblems(schema: z.ZodType, body: unknown, fields: readonly string[]): Record<string, string> {
  const result = schema.safeParse(body);
  if (result.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path.map(String).join('.'), fields);
    // An empty text is "required" rather than "at least 1 character".
    const empty = issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1;
    if (field && !problems[field]) problems[field] = empty ? 'validation.required' : issue.message;
  }
  return problems;
}

/** The problems, with "the end is before the start" added when the end day has no problem of its own. */
export function withEndNotBeforeStart(problems: Record<string, string>, draft: { startDate: string; endDate: string }) {
  if (!problems.endDate && endsBeforeStart(draft.startDate, draft.endDate))
    problems.endDate = 'validation.endBeforeStart';
  return problems;
}
