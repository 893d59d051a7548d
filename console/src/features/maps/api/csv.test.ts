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

  it('leaves a byte-order mark out, and splits at the delimiter it is told', () => {
    expect(parseCsv('\ufeff"id";"value"\n"a;b";1,5\n', ';')).toEqual([{ id: 'a;b', value: '1,5' }]);
    expect(parseCsv('\ufeffid,value\na,1.5\n')).toEqual([{ id: 'a', value: '1.5' }]);
  });

  it('answers no records for an empty text or a header alone', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('a,b\n')).toEqual([]);
  });

  it('reads without compiling code, which the console content security policy refuses', () => {
    const compile = globalThis.Function;
    globalThis.Function = (() => {
      throw new EvalError('refused by the content security policy');
    }) as unknown as FunctionConstructor;
    try {
      expect(parseCsv('id,value\na,1\n')).toEqual([{ id: 'a', value: '1' }]);
    } finally {
      globalThis.Function = compile;
    }
  });
});
