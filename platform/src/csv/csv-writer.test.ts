import { PassThrough, Writable } from 'node:stream';
import { type CsvOptions, csvDefaultsFor } from '@nq/contracts';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { type CsvField, csvDocument, csvFormat, csvReadable, csvText, writeCsv } from './csv-writer.ts';

type Row = { name?: unknown; value?: unknown };
const fields = ['name', { label: 'value', value: (row: Row) => row.value }];

describe('the CSV writer', () => {
  it("prefixes with ' every text a spreadsheet would run as a formula (OWASP CSV injection), and quotes it", () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(parse(csvText(`${start}SUM(A1:A9)`))).toEqual([[`'${start}SUM(A1:A9)`]]);
    expect(csvText('=HYPERLINK("http://evil.example","click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    );
    expect(csvText('Movistar')).toBe('"Movistar"');
    // Text that is a plain number stays data: a spreadsheet reads it as the number it is.
    expect(csvText('-3.70')).toBe('"-3.70"');
    expect(csvText('+34')).toBe('"+34"');
  });

  it('writes numbers as they are, missing values empty, one line per row even when empty', () => {
    const text = csvDocument(fields, [{ name: 'a', value: -3.7 }, {}, { name: '@home', value: null }]);
    expect(text).toBe(`"name","value"\n"a",-3.7\n,\n"'@home",`);
    expect(parse(text)).toEqual([
      ['name', 'value'],
      ['a', '-3.7'],
      ['', ''],
      ["'@home", ''],
    ]);
    expect(csvDocument(fields, [])).toBe('"name","value"');
  });

  it('waits for a slow reader before writing the next batch, and counts the rows', async () => {
    const stream = new PassThrough({ highWaterMark: 16 });
    let written = 0;
    const batches = (async function* () {
      for (let batch = 0; batch < 5; batch++) {
        // The writer asks for the next batch only once the stream has taken the last one.
        expect(stream.writableLength).toBeLessThanOrEqual(64);
        yield Array.from({ length: 3 }, (_, index) => ({ name: `row ${batch}-${index}`, value: index }));
      }
    })();
    const chunks: string[] = [];
    const reading = (async () => {
      for await (const chunk of stream) {
        chunks.push(String(chunk));
        await new Promise((done) => setTimeout(done, 2));
      }
    })();
    const rows = await writeCsv(stream, fields, batches, {
      onBatch: (count) => {
        written = count;
      },
    });
    stream.end();
    await reading;
    expect(rows).toBe(15);
    expect(written).toBe(15);
    expect(parse(chunks.join(''))).toHaveLength(16);
  });

  it('stops when its signal fires', async () => {
    const controller = new AbortController();
    const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
    const batches = (async function* () {
      yield [{ name: 'first' }];
      controller.abort(new Error('cancelled'));
      yield [{ name: 'second' }];
    })();
    await expect(writeCsv(sink, fields, batches, { signal: controller.signal })).rejects.toThrow('cancelled');
  });
});

describe('the CSV writer with options', () => {
  const spanish = csvDefaultsFor('es', 'Europe/Madrid');
  const english = csvDefaultsFor('en');
  const options = (changes: Partial<CsvOptions>): CsvOptions => ({ ...english, ...changes });
  type Cell = { text?: unknown; number?: unknown };
  const cells: CsvField<Cell>[] = [
    { label: 'text', value: (row) => row.text },
    { label: 'number', value: (row) => row.number },
  ];
  const readBack = (text: string, delimiter: string) => parse(text, { delimiter, bom: true }) as string[][];

  it('separates cells with the delimiter, quoting every text so that a `;` or `,` in it stays in its cell', () => {
    const rows = [
      { text: 'Madrid; centre', number: 1 },
      { text: 'a,b', number: 2 },
    ];
    const semicolon = csvDocument(cells, rows, options({ delimiter: ';' }));
    expect(semicolon).toBe('"text";"number"\n"Madrid; centre";1\n"a,b";2');
    expect(readBack(semicolon, ';')).toEqual([
      ['text', 'number'],
      ['Madrid; centre', '1'],
      ['a,b', '2'],
    ]);
    expect(csvDocument(cells, rows)).toBe('"text","number"\n"Madrid; centre",1\n"a,b",2');
  });

  it('keeps formula-looking text from running, whatever the delimiter', () => {
    const texts = ['=cmd', '+1', '-1', '@x', '+cmd', '-1+1', '=1;2', '\tcmd', '=SUM(A1;A2)'];
    for (const delimiter of [',', ';'] as const) {
      const text = csvDocument(
        cells,
        texts.map((value) => ({ text: value })),
        options({ delimiter }),
      );
      const [, ...rows] = readBack(text, delimiter);
      // A plain number written as text (`+1`, `-1`) is data, not a formula: it stays as it is.
      expect(rows.map(([cell]) => cell)).toEqual([
        "'=cmd",
        '+1',
        '-1',
        "'@x",
        "'+cmd",
        "'-1+1",
        "'=1;2",
        "'\tcmd",
        "'=SUM(A1;A2)",
      ]);
      expect(rows.every((row) => row.length === 2)).toBe(true);
    }
    expect(csvDocument(cells, [{ text: '=1;2' }], options({ delimiter: ';' }))).toBe(`"text";"number"\n"'=1;2";`);
  });

  it('writes numbers with the decimal separator, and never ids or text that merely look like numbers', () => {
    const rows = [
      { text: '12.5', number: 12.5 },
      { text: '0042', number: -0.25 },
      { text: '1.000', number: 1_000 },
      { text: 'v1.2', number: 1e-7 },
    ];
    const text = csvDocument(cells, rows, options({ delimiter: ';', decimalSeparator: ',' }));
    expect(text).toBe('"text";"number"\n"12.5";12,5\n"0042";-0,25\n"1.000";1000\n"v1.2";1e-7');
    expect(readBack(text, ';').slice(1)).toEqual([
      ['12.5', '12,5'],
      ['0042', '-0,25'],
      ['1.000', '1000'],
      ['v1.2', '1e-7'],
    ]);
    expect(csvDocument(cells, rows.slice(0, 1), options({ delimiter: ';' }))).toBe('"text";"number"\n"12.5";12.5');
  });

  it('starts the file with the UTF-8 byte-order mark when asked, once, before the header', async () => {
    const bytes = Buffer.from(csvDocument(cells, [{ text: 'Señal', number: 1.5 }], spanish), 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('"text";"number"\n"Señal";1,5');
    expect([...Buffer.from(csvDocument(cells, [], english), 'utf8').subarray(0, 3)]).toEqual([...Buffer.from('"te')]);

    const streamed: Buffer[] = [];
    const batches = (async function* () {
      yield [{ text: 'a', number: 1 }];
      yield [{ text: 'b', number: 2 }];
    })();
    for await (const chunk of csvReadable(cells, batches, spanish)) streamed.push(Buffer.from(chunk as string));
    const file = Buffer.concat(streamed);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.indexOf(Buffer.from([0xef, 0xbb, 0xbf]), 1)).toBe(-1);
    expect(readBack(file.toString('utf8'), ';')).toEqual([
      ['text', 'number'],
      ['a', '1'],
      ['b', '2'],
    ]);
  });

  describe('instants', () => {
    type Row = { at?: unknown; day?: unknown };
    const instants: CsvField<Row>[] = [
      { label: 'at', value: (row) => row.at, instant: true },
      { label: 'day', value: (row) => row.day },
    ];
    const written = (at: unknown, timeZone: string) =>
      csvDocument(instants, [{ at }], options({ timeZone })).split('\n')[1];

    it('writes an instant as the local date-time of the time zone with its offset (ISO 8601)', () => {
      expect(written('2026-10-01T10:00:00.000Z', 'Europe/Madrid')).toBe('"2026-10-01T12:00:00+02:00",');
      expect(written('2026-10-01T10:00:00.250Z', 'Europe/Madrid')).toBe('"2026-10-01T12:00:00.250+02:00",');
      expect(written('2026-10-01T12:00:00+02:00', 'America/New_York')).toBe('"2026-10-01T06:00:00-04:00",');
      expect(written(Date.parse('2026-01-15T12:00:00Z'), 'Asia/Kathmandu')).toBe('"2026-01-15T17:45:00+05:45",');
      expect(written(new Date('2026-01-15T12:00:00Z'), 'Etc/UTC')).toBe('"2026-01-15T12:00:00+00:00",');
    });

    it('follows the daylight saving changes of the time zone', () => {
      // Madrid: clocks go forward at 02:00 on 29 March 2026 (01:00 UTC) and back at 03:00 on 25 October (01:00 UTC).
      expect(written('2026-03-29T00:59:59Z', 'Europe/Madrid')).toBe('"2026-03-29T01:59:59+01:00",');
      expect(written('2026-03-29T01:00:00Z', 'Europe/Madrid')).toBe('"2026-03-29T03:00:00+02:00",');
      expect(written('2026-10-25T00:30:00Z', 'Europe/Madrid')).toBe('"2026-10-25T02:30:00+02:00",');
      expect(written('2026-10-25T01:30:00Z', 'Europe/Madrid')).toBe('"2026-10-25T02:30:00+01:00",');
      // New York: 8 March and 1 November 2026.
      expect(written('2026-03-08T06:59:00Z', 'America/New_York')).toBe('"2026-03-08T01:59:00-05:00",');
      expect(written('2026-03-08T07:00:00Z', 'America/New_York')).toBe('"2026-03-08T03:00:00-04:00",');
      expect(written('2026-11-01T05:30:00Z', 'America/New_York')).toBe('"2026-11-01T01:30:00-04:00",');
      expect(written('2026-11-01T06:30:00Z', 'America/New_York')).toBe('"2026-11-01T01:30:00-05:00",');
    });

    it('leaves what is no instant as it is, and columns not marked as instants untouched', () => {
      expect(written('2026-10-01', 'Europe/Madrid')).toBe('"2026-10-01",');
      expect(written('never', 'Europe/Madrid')).toBe('"never",');
      expect(written(undefined, 'Europe/Madrid')).toBe(',');
      expect(written(null, 'Europe/Madrid')).toBe(',');
      expect(csvDocument(instants, [{ day: '2026-10-01T10:00:00.000Z' }], spanish).split('\n')[1]).toBe(
        ';"2026-10-01T10:00:00.000Z"',
      );
    });
  });

  it('writes the header in the header language where a column has one per language', () => {
    const fields: CsvField<{ a?: number }>[] = [
      'a',
      { label: { en: 'Score', es: 'Puntuación' }, value: (row) => row.a },
      { label: 'kpi download', value: () => 'x' },
    ];
    expect(csvFormat(fields, options({ headerLanguage: 'es' })).header()).toBe('"a","Puntuación","kpi download"');
    expect(csvFormat(fields, options({ headerLanguage: 'en' })).header()).toBe('"a","Score","kpi download"');
    // A header that would start a formula is neutralised too.
    expect(csvFormat([{ label: { en: '=x', es: '@y' }, value: () => 1 }], spanish).header()).toBe('\ufeff"\'@y"');
  });

  it('streams with the options as it does without: a batch at a time, waiting for a slow reader', async () => {
    const stream = new PassThrough({ highWaterMark: 64 });
    let asked = 0;
    const batches = (async function* () {
      for (let batch = 0; batch < 200; batch++) {
        asked++;
        // The writer asks for the next batch only once the stream has taken the last one: what waits stays small.
        expect(stream.writableLength).toBeLessThanOrEqual(4_096);
        yield Array.from({ length: 20 }, (_, index) => ({
          text: `row ${batch}-${index}; ok`,
          number: batch + index / 4,
        }));
      }
    })();
    let lines = 0;
    let first: Buffer | undefined;
    const reading = (async () => {
      for await (const chunk of stream) {
        first ??= chunk as Buffer;
        lines += String(chunk).split('\n').length - 1;
        await new Promise((done) => setImmediate(done));
      }
    })();
    const rows = await writeCsv(stream, cells, batches, { csv: spanish });
    stream.end();
    await reading;
    expect([rows, asked, lines]).toEqual([4_000, 200, 4_000]);
    expect([...first!.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
