import { DomainError, type HttpErrorCode, isErrorCode, isWarningCode } from '@nq/contracts';

export interface FieldProblem {
  field: string;
  /** The catalogue code of the rule broken, when the schema names one (`z.string().regex(…, 'providers.imsiFormat')`). */
  code?: HttpErrorCode;
  message: string;
}

const catalogueCode = (message: string): HttpErrorCode | undefined =>
  isErrorCode(message) && !isWarningCode(message) ? message : undefined;

// zod's own message for a field that is absent: it breaks the catalogue's "required" rule.
const missingField = /received undefined$/;

export const fieldProblem = (path: readonly PropertyKey[], message: string): FieldProblem => {
  const code = catalogueCode(message) ?? (missingField.test(message) ? 'validation.required' : undefined);
  return { field: path.map(String).join('.'), ...(code ? { code } : {}), message };
};

/**
 * One error for a set of field problems: when they all break the same catalogue rule, that rule's code (so a bad IMSI
 * answers `providers.imsiFormat`); otherwise `request.invalid`. Either way `details.fields` lists every problem.
 */
export function validationError(fields: FieldProblem[]): DomainError {
  const codes = new Set(fields.map((field) => field.code));
  const [only] = codes;
  const code = codes.size === 1 && only ? only : 'request.invalid';
  return new DomainError(code, { details: { fields } });
}
