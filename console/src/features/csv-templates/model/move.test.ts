import { describe, expect, it } from 'vitest';
import { moved } from './move.ts';

describe('moved', () => {
  it('moves an item up, down and to either end, keeping the others in order', () => {
    expect(moved(['a', 'b', 'c', 'd'], 2, 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moved(['a', 'b', 'c', 'd'], 0, 3)).toEqual(['b', 'c', 'd', 'a']);
    expect(moved(['a', 'b', 'c'], 1, -5)).toEqual(['b', 'a', 'c']);
  });

  it('leaves the list as it was for a move out of it or onto itself', () => {
    expect(moved(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});
