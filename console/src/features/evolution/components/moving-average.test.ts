import { describe, expect, it } from 'vitest';
import { readWindow, windowBounds } from './moving-average.ts';

describe('moving-average window', () => {
  it('is off when empty, and takes whole windows within the contract’s bounds', () => {
    expect(windowBounds).toEqual({ min: 2, max: 100 });
    expect(readWindow(' ')).toEqual({});
    expect(readWindow('7')).toEqual({ window: 7 });
  });

  it('names the catalogue problem of a window it cannot send', () => {
    expect(readWindow('1')).toEqual({ problem: 'validation.outOfRange' });
    expect(readWindow('101')).toEqual({ problem: 'validation.outOfRange' });
    expect(readWindow('2.5')).toEqual({ problem: 'validation.invalidNumber' });
  });
});
