import { z } from 'zod';
import { wallClockAt } from '../analytics/wall-clock.ts';
import { timeZoneName } from '../configuration/common.ts';
import { type HttpErrorCode, type Language, languages, type MessageParams } from '../errors/index.ts';

// How a CSV file is written for the spreadsheet that opens it (docs/features/csv-templates.md#csv-options): what
// separates its cells and the decimals of its numbers, whether it starts with a UTF-8 byte-order mark, the time zone
// of its instants and the language of its header row. Every CSV the platform writes, on the server and in the console,
// takes them; a request that names none gets the defaults of the caller's language.

export const csvDelimiters = [',', ';'] as const;
export type CsvDelimiter = (typeof csvDelimiters)[number];
export const csvDecimalSeparators = ['.', ','] as const;
export type CsvDecimalSeparator = (typeof csvDecimalSeparators)[number];

/** The zone instants are written in when the caller has none (a profile's default). */
export const csvDefaultTimeZone = 'Etc/UTC';

const csvOptionFields = {
  delimiter: z
    .enum(csvDelimiters, { error: 'validation.invalidOption' })
    .describe('What separates the cells: `,`, or `;` as Spanish spreadsheets expect'),
  decimalSeparator: z
    .enum(csvDecimalSeparators, { error: 'validation.invalidOption' })
    .describe('The decimal separator of numbers (never of ids or text): `.` or `,` (`,` needs the `;` delimiter)'),
  bom: z
    .boolean({ error: 'validation.invalidOption' })
    .describe('Start the file with a UTF-8 byte-order mark, so that Excel reads its accents right'),
  timeZone: timeZoneName.describe(
    'IANA time zone instants are written in, as local date-times with their offset (2026-10-01T12:00:00+02:00)',
  ),
  headerLanguage: z
    .enum(languages, { error: 'validation.invalidOption' })
    .describe('The language of the header row, where the file names its columns in both'),
};

/** A decimal comma with the comma delimiter would split every decimal number into two cells: refused. */
export function csvSeparatorsProblem(options: {
  delimiter?: string | undefined;
  decimalSeparator?: string | undefined;
}): { code: HttpErrorCode; params: MessageParams } | undefined {
  if (options.decimalSeparator !== ',' || options.delimiter !== ',') return undefined;
  return {
    code: 'csvExport.decimalCommaNeedsSemicolon',
    params: { decimalSeparator: ',', delimiter: ',', required: ';' },
  };
}

const refuseDecimalCommaWithComma = (
  options: { delimiter?: string | undefined; decimalSeparator?: string | undefined },
  context: z.RefinementCtx,
) => {
  const problem = csvSeparatorsProblem(options);
  if (problem)
    context.addIssue({ code: 'custom', message: problem.code, params: problem.params, path: ['decimalSeparator'] });
};

/** Every option of a CSV, as a writer takes them. */
export const csvOptionsSchema = z.object(csvOptionFields).superRefine(refuseDecimalCommaWithComma);
export type CsvOptions = z.output<typeof csvOptionsSchema>;

/**
 * What a request may say of its CSV (`csv` in its body): any of the options; those it leaves out are the defaults of
 * the caller's language (`csvOptionsFor`).
 */
export const csvOptionsRequestSchema = z
  .object(csvOptionFields)
  .partial()
  .superRefine(refuseDecimalCommaWithComma)
  .describe("How the CSV is written; what is left out follows the caller's language (Accept-Language)");
export type CsvOptionsRequest = z.output<typeof csvOptionsRequestSchema>;

/**
 * The same options as query parameters, for a CSV a GET answers (`?format=csv&delimiter=%3B&bom=true`); a schema that
 * extends its query with them refuses a decimal comma with the comma delimiter with `refuseCsvSeparators`.
 */
export const csvOptionsQueryFields = {
  ...z.object(csvOptionFields).partial().shape,
  bom: z
    .enum(['true', 'false'], { error: 'validation.invalidOption' })
    .transform((value) => value === 'true')
    .optional()
    .describe(csvOptionFields.bom.description ?? ''),
};
export const refuseCsvSeparators = refuseDecimalCommaWithComma;

const languageDefaults = {
  en: { delimiter: ',', decimalSeparator: '.', bom: false },
  es: { delimiter: ';', decimalSeparator: ',', bom: true },
} as const satisfies Record<Language, Pick<CsvOptions, 'delimiter' | 'decimalSeparator' | 'bom'>>;

/**
 * The options of a CSV for a language (the interface's, or the request's Accept-Language): English `,` and `.` without
 * a byte-order mark, Spanish `;` and `,` with one (what Excel in Spanish opens right); the header in that language and
 * instants in `timeZone` (the profile's). The server and the console take their defaults from here.
 */
export const csvDefaultsFor = (language: Language, timeZone: string = csvDefaultTimeZone): CsvOptions => ({
  ...languageDefaults[language],
  timeZone,
  headerLanguage: language,
});

type AskedOptions = { [Name in keyof CsvOptions]?: CsvOptions[Name] | undefined };

/**
 * The options a CSV is written with: those asked for, the others the defaults of the language — the separators kept
 * apart: a decimal comma asked alone takes the `;` delimiter, the `,` delimiter asked alone the decimal point.
 */
export function csvOptionsFor(language: Language, timeZone: string, asked: AskedOptions = {}): CsvOptions {
  const defaults = csvDefaultsFor(language, timeZone);
  const delimiter = asked.delimiter ?? (asked.decimalSeparator === ',' ? ';' : defaults.delimiter);
  return {
    delimiter,
    decimalSeparator: asked.decimalSeparator ?? (delimiter === ',' ? '.' : defaults.decimalSeparator),
    bom: asked.bom ?? defaults.bom,
    timeZone: asked.timeZone ?? defaults.timeZone,
    headerLanguage: asked.headerLanguage ?? defaults.headerLanguage,
  };
}

/** The UTF-8 byte-order mark a CSV starts with when `bom` is asked for. */
export const csvByteOrderMark = '\ufeff';

/** A number as a CSV cell: as JavaScript writes it, with the decimal separator asked for. */
export const csvNumber = (value: number, decimalSeparator: CsvDecimalSeparator): string =>
  decimalSeparator === '.' ? String(value) : String(value).replace('.', ',');

/** An ISO 8601 instant: a date-time with `Z` or an offset (a bare date is a day, not an instant). */
const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * An instant (an ISO date-time, epoch milliseconds or a Date) as the local date-time of a time zone with its offset,
 * ISO 8601 (`2026-10-01T12:00:00+02:00`; milliseconds only when it has some); undefined for what is no instant.
 */
export function csvInstant(value: unknown, timeZone: string): string | undefined {
  const at =
    value instanceof Date
      ? value.getTime()
      : typeof value === 'number'
        ? value
        : typeof value === 'string' && isoInstant.test(value)
          ? Date.parse(value)
          : Number.NaN;
  if (!Number.isFinite(at)) return undefined;
  const milliseconds = ((at % 1000) + 1000) % 1000;
  const local = wallClockAt(at, timeZone) + milliseconds;
  const offset = Math.round((local - at) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const hours = twoDigits(Math.floor(Math.abs(offset) / 60));
  const minutes = twoDigits(Math.abs(offset) % 60);
  return `${new Date(local).toISOString().slice(0, milliseconds === 0 ? 19 : 23)}${sign}${hours}:${minutes}`;
}
