import fc from 'fast-check';

/** Text an attacker or a broken client sends: control and unpaired characters, huge, traversal, markup, injections. */
export const hostileTexts = [
  'Ma\u0000drid',
  'Ma\ud800drid',
  '\udfff',
  '',
  ' ',
  'x'.repeat(200_000),
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  ['$', '{7*7}{{7*7}}'].join(''),
  '\u202eevil\u202c',
  '\ufeffBOM',
  '𝕄𝕒𝕕𝕣𝕚𝕕 🚀',
  '=cmd|/C calc!A0',
  '%00',
  '__proto__',
];

/** Values of every JSON type, to put where the schema expects another. */
const wrongTypes = [0, -1, 1e308, 3.5, true, null, [], {}, 'text', [null], { '': null }];

/** An array nested this deep refuses bodies that would exhaust a recursive validator. */
const deeplyNested = (depth: number) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...hostileTexts),
  fc.constantFrom(...wrongTypes),
  fc.constant(deeplyNested(300)),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

type Path = (string | number)[];
function leafPaths(value: unknown, path: Path = [], found: Path[] = []): Path[] {
  found.push(path);
  if (Array.isArray(value)) for (const [index, item] of value.entries()) leafPaths(item, [...path, index], found);
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) leafPaths(item, [...path, key], found);
  return found;
}
function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head as string]: replaceAt(record[head as string], rest, replacement) };
}

/** A valid value with one part (the whole, a field, an item) replaced by a hostile value, or an unknown field added. */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.tuple(valid, fc.nat(), hostileValue).map(([value, pick, hostile]) => {
      const paths = leafPaths(value);
      return replaceAt(value, paths[pick % paths.length]!, hostile);
    }),
    fc
      .tuple(valid, fc.constantFrom('unknownField', '__proto__', 'constructor'), hostileValue)
      .map(([value, key, hostile]) =>
        value !== null && typeof value === 'object' && !Array.isArray(value)
          ? JSON.parse(
              `${JSON.stringify(value).slice(0, -1)}${Object.keys(value).length ? ',' : ''}${JSON.stringify(key)}:${JSON.stringify(hostile)}}`,
            )
          : value,
      ),
  );
}

/** Bodies that are not the JSON they claim to be. */
export const rawBodies: fc.Arbitrary<{ payload: Buffer | string; contentType: string }> = fc.constantFrom(
  { payload: Buffer.from('{"name":"caf\xe9"}', 'latin1'), contentType: 'application/json' },
  { payload: '{"name": "Madrid"', contentType: 'application/json' },
  { payload: '', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '[]', contentType: 'application/json' },
  { payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}`, contentType: 'application/json' },
  {
    payload: '{"__proto__":{"isGod":true},"constructor":{"prototype":{"isGod":true}}}',
    contentType: 'application/json',
  },
  { payload: Buffer.from('{"name":"Madrid"}', 'utf16le'), contentType: 'application/json; charset=utf-16' },
  { payload: 'name=Madrid', contentType: 'application/x-www-form-urlencoded' },
  { payload: 'Madrid', contentType: 'text/plain' },
);

/** What goes into a path or query: hostile text, percent-encoded, and percent-encodings that decode to nothing. */
export const hostileParameter: fc.Arbitrary<string> = fc.oneof(
  fc
    .constantFrom(...hostileTexts.filter((text) => text.length < 1_000))
    .map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))),
  fc.constantFrom(
    '%E0%A4%A',
    '%ED%A0%80',
    '%',
    '%zz',
    '%C0%AF',
    '%00',
    '..%2F..%2F',
    'a'.repeat(5_000),
    '-1',
    '1e999',
    'NaN',
    'true',
  ),
);
