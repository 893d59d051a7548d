import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wilsonInterval } from './wilson-interval.ts';

const z95 = 1.959963984540054;

describe('wilsonInterval', () => {
  it('gives the intervals published by Newcombe (1998, Table I, method 3)', () => {
    const published: [number, number, number, number][] = [
      [81, 263, 0.2553, 0.3662],
      [15, 148, 0.0624, 0.1605],
      [0, 20, 0, 0.1611],
      [1, 29, 0.0061, 0.1718],
    ];
    for (const [successes, trials, low, high] of published) {
      const interval = wilsonInterval(successes, trials)!;
      expect(interval.low).toBeCloseTo(low, 4);
      expect(interval.high).toBeCloseTo(high, 4);
    }
  });

  it('has for ends the shares the score test accepts at the edge: (x/n − π)² = z² π(1 − π)/n', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.double({ min: 0, max: 1, noNaN: true }), (trials, share) => {
        const successes = Math.round(share * trials);
        const { low, high } = wilsonInterval(successes, trials)!;
        for (const end of [low, high]) {
          const gap = (successes / trials - end) ** 2 - (z95 * z95 * end * (1 - end)) / trials;
          expect(Math.abs(gap)).toBeLessThan(1e-12);
        }
        expect(low).toBeGreaterThanOrEqual(0);
        expect(low).toBeLessThanOrEqual(successes / trials);
        expect(high).toBeGreaterThanOrEqual(successes / trials);
        expect(high).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('mirrors failures and successes, and widens with the confidence', () => {
    const successes = wilsonInterval(7, 40)!;
    const failures = wilsonInterval(33, 40)!;
    expect(failures.low).toBeCloseTo(1 - successes.high, 14);
    expect(failures.high).toBeCloseTo(1 - successes.low, 14);
    const wider = wilsonInterval(7, 40, 0.99)!;
    expect(wider.low).toBeLessThan(successes.low);
    expect(wider.high).toBeGreaterThan(successes.high);
  });

  it('is null without trials, and refuses counts that are not whole or exceed the trials', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
    for (const [successes, trials] of [
      [3, 2],
      [-1, 5],
      [1.5, 5],
    ] as const) {
      expect(() => wilsonInterval(successes, trials)).toThrow(RangeError);
    }
  });
});
