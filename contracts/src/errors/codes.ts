import type { errorCatalogue } from './catalogue.ts';

type Catalogue = typeof errorCatalogue;

/** Every code of the catalogue, errors and warnings alike. */
export type ErrorCode = keyof Catalogue;
/** Codes returned inside successful responses (no HTTP status). */
export type WarningCode = { [K in ErrorCode]: Catalogue[K] extends { severity: 'warning' } ? K : never }[ErrorCode];
/** Codes that end a request with an HTTP status; the only codes a `DomainError` takes. */
export type HttpErrorCode = Exclude<ErrorCode, WarningCode>;

/** Values that fill `{name}` placeholders in a message. */
export type MessageParams = Readonly<Record<string, string | number>>;
