import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import { Parser } from '@json2csv/plainjs';
import {
  type CsvOptions,
  csvByteOrderMark,
  csvDefaultsFor,
  csvInstant,
  csvNumber,
  type Language,
  spreadsheetSafe,
} from '@nq/contracts';

// The one CSV writer of the platform: every CSV the API answers or a job writes goes through it, so that no cell a
// spreadsheet would run as a formula reaches a user's spreadsheet as one (OWASP "CSV injection"), and so that each is
// written as its options say (docs/features/csv-templates.md#csv-options): the delimiter, the decimal separator of
// numbers, a UTF-8 byte-order mark, the time zone of instants and the language of the header row.

/** A column's header: one text, or one per language (the header language of the options picks it). */
export type CsvLabel = string | Readonly<Record<Language, string>>;

/**
 * A column: its header and its cell in a row (a property name, or a function of the row). An `instant` column's
 * cells (ISO date-times, epoch milliseconds or Dates) are written as local date-times of the options' time zone with
 * their offset; a cell of any column that is a number is written with the options' decimal separator, and a text
 * (an id, a code that looks like a number) as it is.
 */
export type CsvField<Row> = string | { label: CsvLabel; value: (row: Row) => unknown; instant?: boolean };

/** What a CSV is written with when its caller says nothing: the English defaults (`,`, `.`, no BOM), in UTC. */
export const defaultCsvOptions: CsvOptions = csvDefaultsFor('en');

/** A text cell as it is written: quoted, its quotes doubled, and prefixed by `'` when it would start a formula. */
export function csvText(value: string): string {
  const safe = spreadsheetSafe(value);
  return `"${safe.includes('"') ? safe.replaceAll('"', '""') : safe}"`;
}

/** Lines of CSV for rows in batches: the header line once, then each batch's lines (no line break at the end). */
export interface CsvFormat<Row> {
  /** The header line, after the byte-order mark when the options ask for one. */
  header(): string;
  /** The batch's lines, each after a line break ('' for no rows). */
  lines(rows: readonly Row[]): string;
}

/** json2csv's field: the header in the header language, an instant's cell as a local date-time of the time zone. */
function parserField<Row>(field: CsvField<Row>, { timeZone, headerLanguage }: CsvOptions) {
  if (typeof field === 'string') return field;
  const label = typeof field.label === 'string' ? field.label : field.label[headerLanguage];
  if (!field.instant) return { label, value: field.value };
  return {
    label,
    value: (row: Row) => {
      const value = field.value(row);
      return csvInstant(value, timeZone) ?? value;
    },
  };
}

export function csvFormat<Row extends object>(
  fields: readonly CsvField<Row>[],
  options: CsvOptions = defaultCsvOptions,
): CsvFormat<Row> {
  const { delimiter, decimalSeparator } = options;
  const parserOptions = {
    fields: fields.map((field) => parserField(field, options)),
    delimiter,
    // Text is always quoted (a `;` or `,` within it stays in its cell) and kept from running as a formula; numbers
    // take the decimal separator.
    formatters: {
      string: csvText,
      header: csvText,
      number: (value: number) => csvNumber(value, decimalSeparator),
    },
    // One row per item, even when every cell is empty: a file's rows are its items.
    includeEmptyRows: true,
  };
  const header = `${options.bom ? csvByteOrderMark : ''}${new Parser<Row, Row>({ ...parserOptions, header: true }).parse([])}`;
  const body = new Parser<Row, Row>({ ...parserOptions, header: false });
  return {
    header: () => header,
    lines: (rows) => (rows.length === 0 ? '' : `\n${body.parse(rows as Row[])}`),
  };
}

/** A whole CSV document (a header line even when there are no rows). */
export function csvDocument<Row extends object>(
  fields: readonly CsvField<Row>[],
  rows: readonly Row[],
  options: CsvOptions = defaultCsvOptions,
): string {
  const format = csvFormat(fields, options);
  return format.header() + format.lines(rows);
}

/** Batches of rows as a CSV text stream, read as fast as its reader takes it. */
export function csvReadable<Row extends object>(
  fields: readonly CsvField<Row>[],
  batches: AsyncIterable<readonly Row[]>,
  options: CsvOptions = defaultCsvOptions,
): Readable {
  const format = csvFormat(fields, options);
  return Readable.from(
    (async function* () {
      yield format.header();
      for await (const batch of batches) if (batch.length > 0) yield format.lines(batch);
    })(),
  );
}

/**
 * Writes batches of rows to a stream as CSV, waiting for it to drain whenever it asks to (memory stays flat whatever
 * the size); stops with the signal's reason when it fires. Answers how many rows it wrote.
 */
export async function writeCsv<Row extends object>(
  stream: Writable,
  fields: readonly CsvField<Row>[],
  batches: AsyncIterable<readonly Row[]>,
  options: {
    signal?: AbortSignal;
    onBatch?: (rows: number) => Promise<void> | void;
    /** How the file is written (default: `defaultCsvOptions`). */
    csv?: CsvOptions;
  } = {},
): Promise<number> {
  const { signal, onBatch } = options;
  const format = csvFormat(fields, options.csv);
  const write = async (text: string) => {
    if (!stream.write(text)) await once(stream, 'drain', signal ? { signal } : {});
  };
  let rows = 0;
  await write(format.header());
  for await (const batch of batches) {
    signal?.throwIfAborted();
    if (batch.length === 0) continue;
    await write(format.lines(batch));
    rows += batch.length;
    await onBatch?.(rows);
  }
  return rows;
}
