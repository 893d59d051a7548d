import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hasForbiddenCharacters,
  jsonTextMayHoldForbidden,
  pathOfForbiddenText,
  pathOfForbiddenTextInJson,
} from './forbidden-characters.ts';

describe('forbidden characters', () => {
  it('are NUL and surrogates without their pair; paired surrogates (emoji) and other controls are text', () => {
    expect(hasForbiddenCharacters('a\u0000b')).toBe(true);
    expect(hasForbiddenCharacters('a\ud800b')).toBe(true);
    expect(hasForbiddenCharacters('a\udc00')).toBe(true);
    expect(hasForbiddenCharacters('Móstoles 📶\t\n')).toBe(false);
  });

  it('are found in strings and keys at any depth, and the first one in document order is named', () => {
    expect(pathOfForbiddenText({ name: 'ok', tags: ['fine', 'ba\u0000d'], more: 'b\ud800' })).toEqual(['tags', 1]);
    expect(pathOfForbiddenText({ settings: { 'k\u0000': 1 } })).toEqual(['settings', 'k\u0000']);
    expect(pathOfForbiddenText('\ud800')).toEqual([]);
    expect(pathOfForbiddenText({ name: 'ok', list: [1, null, true, { a: 'b' }] })).toBeUndefined();
  });

  it('walks values nested deeper than the call stack', () => {
    let deep: unknown = 'x\u0000';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(pathOfForbiddenText(deep)?.length).toBe(100_000);
  });

  it('walks arrays longer than a call takes arguments', () => {
    const ring = Array.from({ length: 600_000 }, (_, index) => [index, index]);
    expect(pathOfForbiddenText({ coordinates: [ring], name: 'x' })).toBeUndefined();
    expect(pathOfForbiddenText({ coordinates: [ring], name: '\u0000' })).toEqual(['name']);
  });

  it('leaves bytes and other objects alone', () => {
    expect(pathOfForbiddenText(Buffer.from('a\u0000b'))).toBeUndefined();
    expect(pathOfForbiddenText(new Date())).toBeUndefined();
  });

  it('are looked for in a JSON text’s value only when the text may hold them, and never missed', () => {
    expect(jsonTextMayHoldForbidden('{"name":"Móstoles 📶","kpis":{"download":1}}')).toBe(false);
    expect(jsonTextMayHoldForbidden('{"name":"a\\u0000"}')).toBe(true);
    expect(jsonTextMayHoldForbidden('{"name":"\ud800"}')).toBe(true);
    expect(pathOfForbiddenTextInJson('{"n":"\\ud800"}', { n: '\ud800' })).toEqual(['n']);
    // Any value, with any text (lone surrogates and NUL included), as its JSON text or with one raw lone surrogate.
    const unicodeText = fc.string({ unit: 'binary' });
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: 'binary' }), unicodeText, (value, extra) => {
        const escaped = JSON.stringify([value, extra]);
        // The first surrogate escape written raw (skipped where that makes the text no JSON: an escaped backslash).
        const raw = escaped.replace(/\\u(d[89a-f][0-9a-f]{2})/, (_, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        );
        for (const text of [JSON.stringify(value), escaped, raw]) {
          let decoded: unknown;
          try {
            decoded = JSON.parse(text);
          } catch {
            continue;
          }
          expect(pathOfForbiddenTextInJson(text, decoded)).toEqual(pathOfForbiddenText(decoded));
        }
      }),
      { numRuns: 2_000 },
    );
  });
});
