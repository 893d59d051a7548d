import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan } from './json-nesting.ts';

describe('JSON nesting depth', () => {
  it('counts objects and arrays, the outermost being level 1', () => {
    expect(jsonNestsDeeperThan('{"a":[{"b":[]}]}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[{"b":[]}]}', 3)).toBe(true);
    expect(jsonNestsDeeperThan('"text"', 0)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan('{"a":"[[[{{{","b":"\\"[[[["}', 1)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":"\\\\","b":[[]]}', 2)).toBe(true);
  });

  it('reads levels one after the other: siblings do not add up', () => {
    expect(jsonNestsDeeperThan(`[${'[],'.repeat(10_000)}[]]`, 2)).toBe(false);
    expect(jsonNestsDeeperThan(`${'['.repeat(3000)}${']'.repeat(3000)}`, 64)).toBe(true);
  });
});
