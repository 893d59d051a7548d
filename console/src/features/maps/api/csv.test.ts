import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads records by header, with quoted commas, doubled quotes, empty fields and CRLF', () => {
    const text = '"id","name","value"\r\n"a","Madrid, centre",1.5\r\n"b","say ""hi""",\n';
    expect(parseCsv(text)).toEqual([
      { id: 'a', name: 'Madrid, centre', value: '1.5' },
      { id: 'b', name: 'say "hi"', value: '' },
    ]);
  });

  it('answers no records for an empty text or a header alone', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('a,b\n')).toEqual([]);
  });
});
