import { type CsvDelimiter, type CsvOptions, csvByteOrderMark } from '@nq/contracts/files/csv-options';
import { dsvFormat } from 'd3-dsv';

/**
 * How the console asks for a CSV it reads itself (the map's raw points; docs/features/csv-templates.md#csv-options):
 * comma-separated, decimal points, no byte-order mark, the English column names and instants in UTC, whatever the
 * interface language would make the defaults of a file the user downloads.
 */
export const readableCsvOptions: CsvOptions = {
  delimiter: ',',
  decimalSeparator: '.',
  bom: false,
  timeZone: 'Etc/UTC',
  headerLanguage: 'en',
};

/**
 * RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF) into records keyed by the header row; blank rows skipped, a
 * byte-order mark left out, cells split at `delimiter`. Rows are keyed here rather than by `csvParse`, which compiles a
 * row builder with `new Function` (refused by the CSP).
 */
export function parseCsv(text: string, delimiter: CsvDelimiter = ','): Record<string, string>[] {
  const body = text.startsWith(csvByteOrderMark) ? text.slice(csvByteOrderMark.length) : text;
  const [header, ...rows] = dsvFormat(delimiter)
    .parseRows(body)
    .filter((cells) => cells.some((cell) => cell !== ''));
  if (!header) return [];
  return rows.map((cells) => Object.fromEntries(header.map((name, column) => [name, cells[column] ?? ''])));
}
