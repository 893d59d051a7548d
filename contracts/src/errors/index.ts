import { z } from 'zod';
import { type CatalogueEntry, errorCatalogue, type HttpStatus } from './catalogue.ts';
import type { ErrorCode, HttpErrorCode, MessageParams, WarningCode } from './codes.ts';

export type { CatalogueEntry, CatalogueErrorEntry, CatalogueWarningEntry, HttpStatus } from './catalogue.ts';
export { errorCatalogue, httpStatuses } from './catalogue.ts';
export type { ErrorCode, HttpErrorCode, MessageParams, WarningCode } from './codes.ts';
export { catalogueError, type IssueFacts, issueParams } from './issue-params.ts';

export const errorCodes = Object.keys(errorCatalogue) as [ErrorCode, ...ErrorCode[]];
export const errorCodeSchema = z.enum(errorCodes);

const entryOf = (code: ErrorCode): CatalogueEntry | undefined =>
  Object.hasOwn(errorCatalogue, code) ? (errorCatalogue as Record<string, CatalogueEntry>)[code] : undefined;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(errorCatalogue, value);

export const isWarningCode = (value: unknown): value is WarningCode => {
  if (!isErrorCode(value)) return false;
  const entry = entryOf(value);
  return entry !== undefined && 'severity' in entry;
};

export const warningCodes = errorCodes.filter(isWarningCode);

/** The HTTP status of an error code (500 if, against its type, it is handed a warning or an unknown code). */
export const statusOf = (code: HttpErrorCode): HttpStatus => {
  const entry = entryOf(code);
  return entry !== undefined && 'status' in entry ? entry.status : 500;
};

// ── Languages ──────────────────────────────────────────────────────────────────────────────────────────────────────

export const languages = ['en', 'es'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

const languageRangePattern = /^(?:\*|[a-z]{1,8}(?:-[a-z0-9]{1,8})*)$/;
const qValuePattern = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * Picks the interface language from an HTTP Accept-Language header (RFC 9110 §12.5.4): the supported language with
 * the highest q-value wins, ties go to the earlier entry, `*` stands for the default, q=0 means "not acceptable".
 * Anything missing or unparsable yields the default language.
 */
export function pickLanguage(acceptLanguage: string | undefined): Language {
  if (typeof acceptLanguage !== 'string' || acceptLanguage.trim() === '') return defaultLanguage;
  let best: { language: Language; q: number } | undefined;
  for (const item of acceptLanguage.slice(0, 4096).split(',')) {
    const [rawRange = '', ...rawParams] = item.split(';');
    const range = rawRange.trim().toLowerCase();
    if (!languageRangePattern.test(range)) continue;
    let q = 1;
    for (const rawParam of rawParams) {
      const [name = '', value = ''] = rawParam.split('=');
      if (name.trim().toLowerCase() !== 'q') continue;
      q = qValuePattern.test(value.trim()) ? Number(value.trim()) : Number.NaN;
    }
    if (!(q > 0)) continue;
    const primary = range.split('-')[0];
    const language = range === '*' ? defaultLanguage : isLanguage(primary) ? primary : undefined;
    if (language === undefined) continue;
    if (best === undefined || q > best.q) best = { language, q };
  }
  return best?.language ?? defaultLanguage;
}

// ── Messages ───────────────────────────────────────────────────────────────────────────────────────────────────────

const placeholderPattern = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The names of the placeholders of a code's message (`{max}` → `max`). */
export function placeholdersOf(code: ErrorCode): string[] {
  const entry = entryOf(code);
  return entry === undefined ? [] : [...entry.en.matchAll(placeholderPattern)].map(([, name]) => name!);
}

/** The message of a code in a language, with `{name}` placeholders filled from params; unknown ones stay visible. */
export function translate(code: ErrorCode, language: Language, params?: MessageParams): string {
  const entry = entryOf(code);
  if (entry === undefined) return String(code);
  const template = language === 'es' ? entry.es : entry.en;
  if (params === undefined) return template;
  return template.replace(placeholderPattern, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

// ── Error bodies and the domain error ─────────────────────────────────────────────────────────────────────────────

/** What the API answers for every non-2xx response. */
export const errorBodySchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  /** The values filled into the message, so a client can show it again in another language. */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export type ErrorBodyOptions = { params?: MessageParams; details?: unknown };

/** Builds `{ code, message, details }` for a code in a language. */
export function errorBody(code: ErrorCode, language: Language, options: ErrorBodyOptions = {}): ErrorBody {
  const body: ErrorBody = { code, message: translate(code, language, options.params) };
  if (options.params !== undefined && Object.keys(options.params).length > 0) body.params = { ...options.params };
  if (options.details !== undefined) body.details = options.details;
  return body;
}

export type DomainErrorOptions = { params?: MessageParams; details?: unknown; cause?: unknown };

/**
 * The error services throw. The API's central error handler answers `error.toBody(language)` with `error.status`.
 * The message (English) is for logs; users see the translated body.
 */
export class DomainError extends Error {
  readonly code: HttpErrorCode;
  readonly status: HttpStatus;
  readonly params: MessageParams;
  readonly details: unknown;

  constructor(code: HttpErrorCode, options: DomainErrorOptions = {}) {
    super(translate(code, defaultLanguage, options.params), 'cause' in options ? { cause: options.cause } : undefined);
    this.name = 'DomainError';
    this.code = code;
    this.status = statusOf(code);
    this.params = options.params ?? {};
    this.details = options.details;
  }

  toBody(language: Language = defaultLanguage): ErrorBody {
    return errorBody(this.code, language, { params: this.params, details: this.details });
  }
}

// ── Warnings ───────────────────────────────────────────────────────────────────────────────────────────────────────

/** A warning attached to a successful result; the API translates it into the caller's language. */
export type CatalogueWarning = { code: WarningCode; params?: MessageParams };

export function warning(code: WarningCode, params?: MessageParams): CatalogueWarning {
  return params === undefined ? { code } : { code, params };
}

/** A warning as the API answers it: its code, its message in the caller's language and the params it was given. */
export const warningBodySchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type WarningBody = z.infer<typeof warningBodySchema>;

export function warningBody({ code, params }: CatalogueWarning, language: Language): WarningBody {
  return { code, message: translate(code, language, params), ...(params === undefined ? {} : { params }) };
}
