import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mean, median, quantile } from './quantile.ts';

// Hyndman and Fan's general form, with type 7's m = 1 − p: j = ⌊np + m⌋ (1-based), g = np + m − j, and
// Q = (1 − g) x[j] + g x[j + 1]; written apart from quantile.ts's position (n − 1) p on purpose.
function hyndmanFanType7(sorted: readonly number[], p: number): number {
  const n = sorted.length;
  const m = 1 - p;
  const j = Math.floor(n * p + m);
  const g = n * p + m - j;
  const at = (oneBased: number) => sorted[Math.min(Math.max(oneBased, 1), n) - 1]!;
  return (1 - g) * at(j) + g * at(j + 1);
}

const byValue = (a: number, b: number) => a - b;

describe('quantile (type 7)', () => {
  it("gives R's quantile() and NumPy's percentile()", () => {
    const oneToTen = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(quantile(oneToTen, 0.9)).toBeCloseTo(9.1, 12);
    expect(quantile(oneToTen, 0.25)).toBeCloseTo(3.25, 12);
    expect(quantile([15, 20, 35, 40, 50], 0.4)).toBeCloseTo(29, 12);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
  });

  it('gives the least and greatest values at p 0 and 1, and the one value of a single measurement', () => {
    expect(quantile([3, 5, 8], 0)).toBe(3);
    expect(quantile([3, 5, 8], 1)).toBe(8);
    expect([0, 0.3, 1].map((p) => quantile([42], p))).toEqual([42, 42, 42]);
  });

  it('is NaN without values, and refuses a p outside [0, 1]', () => {
    expect(quantile([], 0.5)).toBeNaN();
    expect(() => quantile([1, 2], 1.5)).toThrow(RangeError);
    expect(() => quantile([1, 2], Number.NaN)).toThrow(RangeError);
  });

  it("agrees with Hyndman and Fan's general form on any data", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 60 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (values, p) => {
          const sorted = [...values].sort(byValue);
          const reference = hyndmanFanType7(sorted, p);
          expect(Math.abs(quantile(sorted, p) - reference)).toBeLessThanOrEqual(1e-9 * (1 + Math.abs(reference)));
        },
      ),
    );
  });
});

describe('median and mean', () => {
  it('take values in any order', () => {
    expect(median([9, 1, 5])).toBe(5);
    expect(median([9, 1, 5, 3])).toBe(4);
    expect(mean([9, 1, 5, 3])).toBe(4.5);
  });

  it('are NaN without values', () => {
    expect(median([])).toBeNaN();
    expect(mean([])).toBeNaN();
  });
});
