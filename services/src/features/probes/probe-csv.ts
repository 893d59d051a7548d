import {
  DomainError,
  type HttpErrorCode,
  hasForbiddenCharacters,
  type IssueFacts,
  type MessageParams,
  type ProbeFields,
  probeFieldsSchema,
} from '@nq/contracts';
import { issueProblem } from '@nq/platform/entities/validation-error';
import { CsvError, type InfoRecord, parse } from 'csv-parse/sync';
import { type KnownNames, namesInCell, notAllowed, type ProbeCsvColumn, probeCsvColumns } from './probe-csv-columns.ts';

/** The most probes one file may import: a national panel's. */
export const MAX_PROBE_ROWS = 100_000;
/** The largest file the import reads: its most rows, each with every column filled. */
export const MAX_PROBE_FILE_MB = 64;

/** A data row of the file: the line it ends on (the header is line 1) and its values, in header order. */
export interface ProbeCsvRow {
  line: number;
  values: string[];
}

export interface ProbeCsv {
  columns: ProbeCsvColumn[];
  rows: ProbeCsvRow[];
}

/** Why a row cannot be imported: the column at fault (none when the whole row is) and the catalogue rule broken. */
export interface CsvProblem {
  column?: string;
  code: HttpErrorCode;
  params?: MessageParams;
  value?: string;
}

/** A row as a probe: its fields when it has no problem. */
export interface ProbeDraft {
  line: number;
  probeId?: string;
  probe?: ProbeFields;
  problems: CsvProblem[];
}

type CsvRecord = { record: string[]; info: InfoRecord };

const columnsByName = new Map(probeCsvColumns.map((column) => [column.name.toLowerCase(), column]));

function headerColumns(header: string[]): ProbeCsvColumn[] {
  const names = header.map((name) => name.toLowerCase());
  const unknownColumns = header.filter((_, index) => !columnsByName.has(names[index]!));
  const repeatedColumns = header.filter((_, index) => names.indexOf(names[index]!) !== index);
  if (unknownColumns.length > 0 || repeatedColumns.length > 0)
    throw new DomainError('csvImport.invalidFileFormat', { details: { unknownColumns, repeatedColumns } });
  const columns = names.map((name) => columnsByName.get(name)!);
  const missingColumns = probeCsvColumns
    .filter((column) => column.required && !columns.includes(column))
    .map((column) => column.name);
  if (missingColumns.length > 0)
    throw new DomainError('csvImport.requiredFieldsMissing', { details: { columns: missingColumns } });
  return columns;
}

/** Refuses the file when a cell holds text the platform refuses (NUL), naming its column and line. */
function refuseForbiddenCharacters(header: string[], records: CsvRecord[]) {
  for (const { record, info } of records) {
    const index = record.findIndex(hasForbiddenCharacters);
    if (index < 0) continue;
    const column = record === header ? 'header' : (header[index] ?? `column ${index + 1}`);
    throw new DomainError('validation.invalidCharacters', {
      params: { field: column },
      details: { line: info.lines, column },
    });
  }
}

/**
 * Reads a probes CSV file (UTF-8, comma separated, a header row naming the columns): refuses, for the whole file,
 * another separator or unknown columns (`csvImport.invalidFileFormat`), a file that cannot be read as CSV
 * (`csvImport.readFailed`), a cell holding NUL (`validation.invalidCharacters`) and a header without the required
 * columns (`csvImport.requiredFieldsMissing`).
 */
export function readProbeCsv(text: string): ProbeCsv {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  // Column names hold neither: a header with one was written with another separator.
  if (/[;\t]/.test(firstLine))
    throw new DomainError('csvImport.invalidFileFormat', { details: { reason: 'notCommaSeparated' } });
  // Bytes that are not UTF-8 (e.g. a spreadsheet's Windows-1252) were decoded as U+FFFD: names would be garbled.
  if (text.includes('\uFFFD')) throw new DomainError('csvImport.readFailed', { details: { reason: 'notUtf8' } });
  let records: CsvRecord[];
  try {
    // csv-parse's types leave out what the `info` option makes of each record.
    records = parse(text, {
      bom: true,
      info: true,
      trim: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    }) as unknown as CsvRecord[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw new DomainError('csvImport.readFailed', { details: { reason: error.code, line: error.lines }, cause: error });
  }
  const [header, ...data] = records;
  if (!header) throw new DomainError('csvImport.invalidFileFormat', { details: { reason: 'noHeader' } });
  refuseForbiddenCharacters(header.record, records);
  const columns = headerColumns(header.record);
  if (data.length === 0) throw new DomainError('csvImport.invalidFileFormat', { details: { reason: 'noRows' } });
  if (data.length > MAX_PROBE_ROWS)
    throw new DomainError('csvImport.tooManyRows', { params: { limit: MAX_PROBE_ROWS } });
  return { columns, rows: data.map(({ record, info }) => ({ line: info.lines, values: record })) };
}

/** The campaign, task suite and tag names the file uses, to look up before its rows are read. */
export function namesUsed({ columns, rows }: ProbeCsv): Record<keyof KnownNames, Set<string>> {
  const used = { campaigns: new Set<string>(), taskSuites: new Set<string>(), tags: new Set<string>() };
  for (const [index, { names }] of columns.entries()) {
    if (!names) continue;
    for (const { values } of rows)
      if (values[index]) for (const name of namesInCell(values[index], names)) used[names.list].add(name);
  }
  return used;
}

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown) {
  let node = target;
  for (const key of path.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[path.at(-1)!] = value;
}

const startsWith = (path: readonly PropertyKey[], prefix: readonly string[]) =>
  prefix.every((part, index) => path[index] === part);

/** The probe schema's problems, each under the column it comes from. */
function schemaProblems(issues: (IssueFacts & { path: PropertyKey[]; message: string })[]) {
  return issues.map((issue): CsvProblem => {
    const column = probeCsvColumns.find((candidate) => startsWith(issue.path, candidate.path));
    const { code, params } = issueProblem(issue);
    return {
      column: column?.name ?? issue.path.join('.'),
      code: code ?? 'validation.invalidFormat',
      ...(params ? { params } : {}),
    };
  });
}

/**
 * A row as a probe's fields, or every problem it has: required cells empty, values outside their allowed lists, and
 * what the probe schema refuses (docs/product/rules.md#probe), each under its column.
 */
export function probeFromRow(columns: readonly ProbeCsvColumn[], row: ProbeCsvRow, known: KnownNames): ProbeDraft {
  const probeId = row.values[columns.findIndex((column) => column.name === 'probeId')] || undefined;
  const draft = (problems: CsvProblem[], probe?: ProbeFields): ProbeDraft => ({
    line: row.line,
    ...(probeId ? { probeId } : {}),
    ...(probe ? { probe } : {}),
    problems,
  });
  if (row.values.length !== columns.length) {
    const params = { found: row.values.length, expected: columns.length };
    return draft([{ code: 'csvImport.columnCountMismatch', params }]);
  }
  const problems: CsvProblem[] = [];
  const fields: Record<string, unknown> = {};
  for (const column of probeCsvColumns) {
    const index = columns.indexOf(column);
    const cell = index < 0 ? '' : row.values[index]!;
    if (cell === '') {
      if (column.required) problems.push({ column: column.name, code: 'csvImport.requiredFieldsMissing' });
      continue;
    }
    const value = column.read(cell, known);
    if (value === notAllowed)
      problems.push({
        column: column.name,
        code: 'csvImport.valueNotAllowed',
        params: { field: column.name },
        value: cell,
      });
    else setPath(fields, column.path, value);
  }
  const parsed = probeFieldsSchema.safeParse(fields);
  if (parsed.success && problems.length === 0) return draft([], parsed.data);
  const reported = new Set(problems.map((problem) => problem.column));
  const more = parsed.success ? [] : schemaProblems(parsed.error.issues).filter((p) => !reported.has(p.column));
  return draft([...problems, ...more]);
}

/** The draft with one more problem (and so no probe). */
export const withProblem = ({ line, probeId, problems }: ProbeDraft, problem: CsvProblem): ProbeDraft => ({
  line,
  ...(probeId ? { probeId } : {}),
  problems: [...problems, problem],
});

/** Reports on each row a probe id that an earlier row of the file already has. */
export function reportRepeatedIds(drafts: readonly ProbeDraft[]): ProbeDraft[] {
  const seen = new Set<string>();
  return drafts.map((draft) => {
    const { probeId } = draft;
    if (!probeId) return draft;
    if (!seen.has(probeId)) {
      seen.add(probeId);
      return draft;
    }
    return withProblem(draft, { column: 'probeId', code: 'csvImport.duplicateProbeId', params: { probeId } });
  });
}
