import { describe, expect, it } from 'vitest';
import { shareDifference } from './share-difference.ts';

describe('shareDifference (Newcombe hybrid score)', () => {
  it('gives the intervals published by Newcombe (1998, Table II, method 10)', () => {
    const published: [number, number, number, number, number, number][] = [
      [56, 70, 48, 80, 0.0524, 0.3339],
      [9, 10, 3, 10, 0.1705, 0.809],
      [6, 7, 2, 7, 0.0582, 0.8062],
      [5, 56, 0, 29, -0.0381, 0.1926],
      [0, 10, 0, 20, -0.1611, 0.2775],
      [0, 10, 0, 10, -0.2775, 0.2775],
      [10, 10, 0, 20, 0.6791, 1],
      [10, 10, 0, 10, 0.6075, 1],
    ];
    for (const [x1, n1, x2, n2, low, high] of published) {
      const interval = shareDifference(x1, n1, x2, n2)!;
      expect(interval.difference).toBeCloseTo(x1 / n1 - x2 / n2, 14);
      expect(interval.low).toBeCloseTo(low, 4);
      expect(interval.high).toBeCloseTo(high, 4);
    }
  });

  it('says whether the interval leaves out 0', () => {
    expect(shareDifference(56, 70, 48, 80)!.differs).toBe(true);
    expect(shareDifference(5, 56, 0, 29)!.differs).toBe(false);
    expect(shareDifference(48, 80, 56, 70)!.differs).toBe(true);
  });

  it('mirrors when the samples swap', () => {
    const forward = shareDifference(56, 70, 48, 80)!;
    const backward = shareDifference(48, 80, 56, 70)!;
    expect(backward.difference).toBeCloseTo(-forward.difference, 14);
    expect(backward.low).toBeCloseTo(-forward.high, 14);
    expect(backward.high).toBeCloseTo(-forward.low, 14);
  });

  it('is null when a sample has no trials', () => {
    expect(shareDifference(0, 0, 3, 10)).toBeNull();
    expect(shareDifference(3, 10, 0, 0)).toBeNull();
  });
});
