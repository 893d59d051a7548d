import { describe, expect, it } from 'vitest';
import { hasForbiddenCharacters, pathOfForbiddenText } from './forbidden-characters.ts';

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
});
