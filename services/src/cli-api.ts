import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CredentialsError, defaultCredentialsFile, readCredentials, signedFetch } from '@nq/client';
import { wrapped } from './cli-usage.ts';

// `nq api`: any call of the platform's API from a shell, signed with the client id and secret of a credentials file
// (@nq/client does the signing and reads the file; docs/api-access.md, "From your own tools").

export const apiSynopsis =
  'api <METHOD> <path> [--data <json>|@file] [--query k=v ...] [--output json|table|csv] [--credentials <file>] [--url <base>]';

const options = [
  ['--data, -d <json>|@file', 'the body: JSON text, or @ and a file whose text is sent as it is'],
  ['--content-type <type>', "the body's media type (application/json; text/csv for a CSV import)"],
  ['--query, -q <name=value>', 'a query parameter, again for each more (beside any the path has)'],
  [
    '--output, -o json|table|csv',
    'json (the default): the answer indented; table: a list answer ({ list: [...] } or an array) in columns; ' +
      'csv: such a list as CSV, one row per item (a CSV answer is printed as it came)',
  ],
  [
    '--credentials <file>',
    '{ "url", "clientId", "clientSecret" } of a session, token or API client, mode 0600 (default: NQ_CREDENTIALS, ' +
      'else ~/.config/nq/credentials.json)',
  ],
  ['--url <base>', "the platform's address, e.g. https://nq.example.com (default: the credentials file's url)"],
];

const examples = [
  'nq api GET /probes/ --query pageSize=5 --output table',
  `nq api POST /tags/ --data '{"name": "Fibre pilot"}'`,
  'nq api GET /scorecards/<id>/calculations -q from=2026-10-01 -q to=2026-10-31',
  `nq api POST /scorecards/<id>/csv --data '{"from": "2026-10-01", "to": "2026-10-31"}' > scorecard.csv`,
];

export const apiHelp = () =>
  [
    `Usage: nq ${apiSynopsis}`,
    '       nq api    (no arguments: the HTTP API process alone, which serves the console build too)',
    '',
    ...wrapped(
      'Calls the API of the platform at --url with METHOD on path (as the OpenAPI document at /api/openapi.json ' +
        'names them, ids filled in), signing the request with the credentials file. An error answer prints its ' +
        "message from the platform's catalogue and its code on the standard error and exits 1; a command line " +
        'that cannot be run exits 2.',
      2,
    ).map((line) => `  ${line}`),
    '',
    'Options:',
    ...options.flatMap(([option = '', text = '']) => {
      const [first = '', ...rest] = wrapped(text, 32);
      const head = `  ${option}`;
      return [
        ...(head.length < 32 ? [head.padEnd(32) + first] : [head, ' '.repeat(32) + first]),
        ...rest.map((line) => ' '.repeat(32) + line),
      ];
    }),
    '',
    'Examples:',
    ...examples.map((example) => `  ${example}`),
  ].join('\n');

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const outputs = ['json', 'table', 'csv'] as const;
type Output = (typeof outputs)[number];

class UsageError extends Error {}

/** The items of a list answer: `{ list: [...] }` or an array. */
export function listOf(answer: unknown): unknown[] | undefined {
  if (Array.isArray(answer)) return answer;
  const list = (answer as { list?: unknown } | null)?.list;
  return Array.isArray(list) ? list : undefined;
}

/** The columns of the rows: every field of an item, in the order they first appear (`value` for plain items). */
const columnsOf = (rows: unknown[]) => {
  const columns = new Set<string>();
  for (const row of rows)
    if (row !== null && typeof row === 'object' && !Array.isArray(row))
      for (const key of Object.keys(row)) columns.add(key);
    else columns.add('value');
  return [...columns];
};

const cellOf = (row: unknown, column: string): unknown =>
  row !== null && typeof row === 'object' && !Array.isArray(row)
    ? (row as Record<string, unknown>)[column]
    : column === 'value'
      ? row
      : undefined;

const textOf = (value: unknown) =>
  value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

const widest = 48;

/** The rows as a table: a header, a rule, one line per item; a cell longer than 48 characters is cut with `…`. */
export function tableOf(rows: unknown[]): string {
  const columns = columnsOf(rows);
  const cells = rows.map((row) =>
    columns.map((column) => {
      const text = textOf(cellOf(row, column)).replace(/\s+/g, ' ');
      return text.length > widest ? `${text.slice(0, widest - 1)}…` : text;
    }),
  );
  const widths = columns.map((column, at) => Math.max(column.length, ...cells.map((line) => line[at]!.length)));
  const line = (texts: string[]) =>
    texts
      .map((text, at) => text.padEnd(widths[at]!))
      .join('  ')
      .trimEnd();
  return [line(columns), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n');
}

/** The rows as CSV (RFC 4180): a header of the columns, text quoted, nested values as JSON. */
export function csvOf(rows: unknown[]): string {
  const columns = columnsOf(rows);
  const field = (value: unknown) =>
    typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : value === undefined || value === null
        ? ''
        : `"${textOf(value).replace(/"/g, '""')}"`;
  return [
    columns.map(field).join(','),
    ...rows.map((row) => columns.map((column) => field(cellOf(row, column))).join(',')),
  ].join('\r\n');
}

function parsed(args: string[]) {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      data: { type: 'string', short: 'd' },
      'content-type': { type: 'string' },
      query: { type: 'string', short: 'q', multiple: true },
      output: { type: 'string', short: 'o', default: 'json' },
      credentials: { type: 'string' },
      url: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return { help: true as const };
  const [method = '', path = '', ...extra] = positionals;
  if (!methods.includes(method.toUpperCase()))
    throw new UsageError(method ? `'${method}' is not an HTTP method (${methods.join(', ')})` : 'no METHOD and path');
  if (!path.startsWith('/')) throw new UsageError(path ? `the path must start with /: '${path}'` : 'no path');
  if (extra.length > 0) throw new UsageError(`unexpected ${extra.join(' ')} (a query parameter is given by --query)`);
  if (!(outputs as readonly string[]).includes(values.output!))
    throw new UsageError(`--output is one of ${outputs.join(', ')} (got '${values.output}')`);
  const query = (values.query ?? []).map((pair) => {
    const at = pair.indexOf('=');
    if (at < 1) throw new UsageError(`--query takes name=value (got '${pair}')`);
    return [pair.slice(0, at), pair.slice(at + 1)] as const;
  });
  let body: string | undefined;
  if (values.data !== undefined) {
    if (values.data.startsWith('@')) {
      try {
        body = readFileSync(values.data.slice(1), 'utf8');
      } catch (error) {
        throw new UsageError(`--data ${values.data}: ${(error as Error).message}`);
      }
    } else body = values.data;
  }
  const contentType = values['content-type'] ?? (body !== undefined ? 'application/json' : undefined);
  if (body !== undefined && contentType === 'application/json')
    try {
      JSON.parse(body);
    } catch (error) {
      throw new UsageError(`--data is not JSON (${(error as Error).message}); another type needs --content-type`);
    }
  return {
    help: false as const,
    method: method.toUpperCase(),
    path,
    query,
    body,
    contentType,
    output: values.output as Output,
    credentialsFile: values.credentials,
    url: values.url,
  };
}

/** `nq api …`: the exit code (0, 1 for an error answer or an unreachable platform, 2 for a command line or file). */
export async function runApiCommand(
  args: string[],
  io: { out: (text: string) => void; err: (text: string) => void } = {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  },
): Promise<number> {
  let call: ReturnType<typeof parsed>;
  let credentials: ReturnType<typeof readCredentials>;
  try {
    call = parsed(args);
    if (call.help) {
      io.out(`${apiHelp()}\n`);
      return 0;
    }
    credentials = readCredentials(call.credentialsFile ?? defaultCredentialsFile());
  } catch (error) {
    if (error instanceof UsageError || String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) {
      io.err(`nq api: ${(error as Error).message}\n\n${apiHelp()}\n`);
      return 2;
    }
    if (error instanceof CredentialsError) {
      io.err(`nq api: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  if (credentials.openToOthers) io.err(`nq api: warning: others than you may read ${credentials.file}: chmod 600 it\n`);
  const base = call.url ?? credentials.url;
  if (!base || !/^https?:\/\/[^/]/.test(base)) {
    io.err(
      base
        ? `nq api: --url must be an http(s) address (got '${base}')\n`
        : `nq api: no platform address: give --url, or a "url" in ${credentials.file}\n`,
    );
    return 2;
  }
  const url = new URL(base.replace(/\/+$/, '') + call.path);
  for (const [name, value] of call.query) url.searchParams.append(name, value);

  let response: Response;
  try {
    response = await signedFetch(credentials)(url, {
      method: call.method,
      headers: {
        accept: 'application/json, text/csv;q=0.9, */*;q=0.8',
        ...(call.contentType ? { 'content-type': call.contentType } : {}),
      },
      ...(call.body !== undefined ? { body: call.body } : {}),
    });
  } catch (error) {
    const cause = (error as { cause?: { message?: string; code?: string } }).cause;
    io.err(`nq api: cannot reach ${url.origin}: ${cause?.code ?? cause?.message ?? (error as Error).message}\n`);
    return 1;
  }
  const text = await response.text();
  const isJson = /[/+]json\b/.test(response.headers.get('content-type') ?? '');
  let answer: unknown = text;
  if (isJson && text)
    try {
      answer = JSON.parse(text);
    } catch {}
  if (!response.ok) {
    const failure = answer as { code?: unknown; message?: unknown; details?: unknown };
    if (isJson && typeof failure?.message === 'string') {
      const details =
        failure.details && typeof failure.details === 'object' && Object.keys(failure.details).length > 0
          ? `\n${JSON.stringify(failure.details, null, 2)}`
          : '';
      io.err(`${failure.message} (${String(failure.code)}, HTTP ${response.status})${details}\n`);
    } else io.err(`HTTP ${response.status} ${response.statusText}${text ? `: ${text}` : ''}\n`);
    return 1;
  }
  if (!text) return 0;
  if (!isJson) {
    io.out(text.endsWith('\n') ? text : `${text}\n`);
    return 0;
  }
  const list = call.output === 'json' ? undefined : listOf(answer);
  if (call.output !== 'json' && !list)
    io.err(`nq api: the answer is not a list ({ list: [...] } or an array): printed as JSON\n`);
  io.out(`${list ? (call.output === 'table' ? tableOf(list) : csvOf(list)) : JSON.stringify(answer, null, 2)}\n`);
  return 0;
}
