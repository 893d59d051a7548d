import { csvParseRows } from 'd3-dsv';

/**
 * RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF) into records keyed by the header row; blank rows skipped.
 * Rows are keyed here rather than by `csvParse`, which compiles a row builder with `new Function` (refused by the CSP).
 */
export function parseCsv(text: string): Record<string, string>[] {
  const [header, ...rows] = csvParseRows(text).filter((cells) => cells.some((cell) => cell !== ''));
  if (!header) return [];
  return rows.map((cells) => Object.fromEntries(header.map((name, column) => [name, cells[column] ?? ''])));
}
