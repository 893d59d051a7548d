import { PassThrough, Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvDocument, csvText, writeCsv } from './csv-writer.ts';

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
