import { describe, expect, it } from 'vitest';
import { jsonRows } from './json-rows.ts';

describe('the results of a file', () => {
  it('reads one JSON array as its elements, each with the line it starts on', () => {
    const text = '[\n  {"a": 1},\n  {"a": [2, 3],\n   "b": "]"},\n  {"a": 4}\n]\n';
    expect(jsonRows(text)).toEqual([
      { index: 0, line: 2, value: { a: 1 } },
      { index: 1, line: 3, value: { a: [2, 3], b: ']' } },
      { index: 2, line: 5, value: { a: 4 } },
    ]);
  });

  it('reads one value per line, and values one after the other however they are printed', () => {
    expect(jsonRows('{"a":1}\n{"a":2}\r\n\n{"a":3}')).toEqual([
      { index: 0, line: 1, value: { a: 1 } },
      { index: 1, line: 2, value: { a: 2 } },
      { index: 2, line: 4, value: { a: 3 } },
    ]);
    expect(jsonRows('\uFEFF{\n  "start": {"x": "{"}\n}\n{\n  "start": {}\n}\n')).toEqual([
      { index: 0, line: 1, value: { start: { x: '{' } } },
      { index: 1, line: 4, value: { start: {} } },
    ]);
  });

  it('makes a line that is not JSON a row of its own, and reads on', () => {
    expect(jsonRows('{"a":1}\nnot json at all\n{"a": tru}\n"text"\n{"a":2}')).toEqual([
      { index: 0, line: 1, value: { a: 1 } },
      { index: 1, line: 2, unreadable: true },
      { index: 2, line: 3, unreadable: true },
      { index: 3, line: 4, value: 'text' },
      { index: 4, line: 5, value: { a: 2 } },
    ]);
    expect(jsonRows('[{"a":1},\n{"a":')).toEqual([{ index: 0, line: 1, unreadable: true }]);
    expect(jsonRows('  \n')).toEqual([]);
  });
});
