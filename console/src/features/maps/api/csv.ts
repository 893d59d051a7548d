import { csvParse } from 'd3-dsv';

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF) into records keyed by the header row; blank rows skipped. */
export function parseCsv(text: string): Record<string, string>[] {
  const records = csvParse(text, (record) =>
    Object.values(record).some((cell) => cell !== '') ? (record as Record<string, string>) : null,
  );
  return [...records];
}
