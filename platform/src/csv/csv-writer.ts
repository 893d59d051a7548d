import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import { Parser } from '@json2csv/plainjs';
import { spreadsheetSafe } from '@nq/contracts';

// The one CSV writer of the platform: every CSV the API answers or a job writes goes through it, so that no cell a
// spreadsheet would run as a formula reaches a user's spreadsheet as one (OWASP "CSV injection").

/** A column: its header and its cell in a row (a property name, or a function of the row). */
export type CsvField<Row> = string | { label: string; value: (row: Row) => unknown };

/** A text cell as it is written: quoted, its quotes doubled, and prefixed by `'` when it would start a formula. */
export function csvText(value: string): string {
  const safe = spreadsheetSafe(value);
  return `"${safe.includes('"') ? safe.replaceAll('"', '""') : safe}"`;
}

/** Lines of CSV for rows in batches: the header line once, then each batch's lines (no line break at the end). */
export interface CsvFormat<Row> {
  header(): string;
  /** The batch's lines, each after a line break ('' for no rows). */
  lines(rows: readonly Row[]): string;
}

export function csvFormat<Row extends object>(fields: readonly CsvField<Row>[]): CsvFormat<Row> {
  const options = {
    fields: [...fields],
    formatters: { string: csvText, header: csvText },
    // One row per item, even when every cell is empty: a file's rows are its items.
    includeEmptyRows: true,
  };
  const header = new Parser<Row, Row>({ ...options, header: true }).parse([]);
  const body = new Parser<Row, Row>({ ...options, header: false });
  return {
    header: () => header,
    lines: (rows) => (rows.length === 0 ? '' : `\n${body.parse(rows as Row[])}`),
  };
}

/** A whole CSV document (a header line even when there are no rows). */
export function csvDocument<Row extends object>(fields: readonly CsvField<Row>[], rows: readonly Row[]): string {
  const format = csvFormat(fields);
  return format.header() + format.lines(rows);
}

/** Batches of rows as a CSV text stream, read as fast as its reader takes it. */
export function csvReadable<Row extends object>(
  fields: readonly CsvField<Row>[],
  batches: AsyncIterable<readonly Row[]>,
): Readable {
  const format = csvFormat(fields);
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
  options: { signal?: AbortSignal; onBatch?: (rows: number) => Promise<void> | void } = {},
): Promise<number> {
  const { signal, onBatch } = options;
  const format = csvFormat(fields);
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
