import {
  DomainError,
  type HttpErrorCode,
  type IssueFacts,
  isErrorCode,
  issueParams,
  isWarningCode,
  type Language,
  type MessageParams,
  placeholdersOf,
  translate,
} from '@nq/contracts';

export interface FieldProblem {
  field: string;
  /** The catalogue code of the rule broken, when the schema names one (`z.string().regex(…, 'providers.imsiFormat')`). */
  code?: HttpErrorCode;
  /** The values of the code's placeholders (a bound, a field name), so that its message can be filled. */
  params?: MessageParams;
  message: string;
}

const catalogueCode = (message: string): HttpErrorCode | undefined =>
  isErrorCode(message) && !isWarningCode(message) ? message : undefined;

// zod's own message for a field that is absent: it breaks the catalogue's "required" rule.
const missingField = /received undefined$/;

/** The params of the code's placeholders among those the issue gives. */
function paramsOf(code: HttpErrorCode, facts: IssueFacts): MessageParams | undefined {
  const given = issueParams(facts);
  const needed = placeholdersOf(code).filter((name) => Object.hasOwn(given, name));
  return needed.length > 0 ? Object.fromEntries(needed.map((name) => [name, given[name]!])) : undefined;
}

/** A field's problem from what zod reported: its message (a catalogue code) and the facts that fill that message. */
export const fieldProblem = (path: readonly PropertyKey[], message: string, facts: IssueFacts = {}): FieldProblem => {
  const code = catalogueCode(message) ?? (missingField.test(message) ? 'validation.required' : undefined);
  const params = code ? paramsOf(code, facts) : undefined;
  return { field: path.map(String).join('.'), ...(code ? { code } : {}), ...(params ? { params } : {}), message };
};

/** The problem a zod issue reports, its path under `prefix` (`['body']` for a request body). */
export const issueProblem = (
  issue: IssueFacts & { path: readonly PropertyKey[]; message: string },
  prefix: readonly PropertyKey[] = [],
): FieldProblem => fieldProblem([...prefix, ...issue.path], issue.message, issue);

/**
 * The problem of a text holding characters the platform refuses (NUL, a lone surrogate), at `path` under `prefix`;
 * its message names the field by its path (the prefix alone when the whole value is that text).
 */
export const invalidCharactersProblem = (path: readonly PropertyKey[], prefix: readonly PropertyKey[] = []) =>
  fieldProblem([...prefix, ...path], 'validation.invalidCharacters', {
    params: { field: (path.length > 0 ? path : prefix).map(String).join('.') },
  });

/** Problems that name a catalogue rule, with its message in `language`, filled with their params. */
export const localizedProblems = <Problem extends { code?: string; params?: MessageParams; message: string }>(
  problems: Problem[],
  language: Language,
): Problem[] =>
  problems.map((problem) =>
    problem.code && isErrorCode(problem.code)
      ? { ...problem, message: translate(problem.code, language, problem.params) }
      : problem,
  );

const sameParams = (a: MessageParams = {}, b: MessageParams = {}) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([name, value]) => b[name] === value);

/**
 * One error for a set of field problems: when they all break the same catalogue rule with the same params, that
 * rule's code and params (so a bad IMSI answers `providers.imsiFormat`); otherwise `request.invalid`. Either way
 * `details.fields` lists every problem.
 */
export function validationError(fields: FieldProblem[]): DomainError {
  const [first] = fields;
  const code = first?.code;
  if (code && fields.every((field) => field.code === code && sameParams(field.params, first.params)))
    return new DomainError(code, { ...(first.params ? { params: first.params } : {}), details: { fields } });
  return new DomainError('request.invalid', { details: { fields } });
}
