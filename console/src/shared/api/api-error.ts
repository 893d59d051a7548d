import { errorMessage } from '../i18n/i18n.ts';

export interface FieldProblem {
  field: string;
  code?: string;
  /** The values of the code's placeholders (`{max}`), as the server filled them. */
  params?: Record<string, string | number>;
  message: string;
}

/** An API answer that is not 2xx, as the error catalogue describes it: `{ code, message, details }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  /** The values of the message's placeholders (`{count}`), as the server filled them. */
  readonly params: Record<string, string | number> | undefined;
  constructor(status: number, code: string, details?: unknown, params?: Record<string, string | number>) {
    super(code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.params = params;
  }

  /** The message in the interface language (the catalogue's, not the server's, so a language switch applies). */
  get localized(): string {
    return errorMessage(this.code, this.params);
  }

  /**
   * Per-field problems of a 400, keyed by the body field (`body.name` → `name`); a rule across fields names the one
   * field it points at in `details.field` (`tasks.0.timeout`), with the error's own code.
   */
  get fieldProblems(): Record<string, string> {
    const details = this.details as { fields?: FieldProblem[]; field?: unknown } | undefined;
    const fields = details?.fields ?? [];
    const ruleField =
      typeof details?.field === 'string' && fields.length === 0 ? { [details.field]: this.localized } : {};
    return {
      ...ruleField,
      ...Object.fromEntries(
        fields.map((problem) => [
          problem.field.replace(/^(body|querystring|params)\./, ''),
          problem.code ? errorMessage(problem.code, problem.params) : problem.message,
        ]),
      ),
    };
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The failure's own catalogue code, or the screen's when the server only said that something failed. */
export const specificCodeOr = (fallback: string) => (error: unknown) =>
  isApiError(error) && error.code !== 'generic.error' ? error.code : fallback;

/** Codes after which the stored session is no use: the console goes back to the login page. */
export const endsSession = (error: unknown) => isApiError(error) && error.status === 401;
