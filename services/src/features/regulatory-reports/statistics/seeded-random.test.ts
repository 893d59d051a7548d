import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random.ts';

const draws = (seed: number, size: number, count: number) => {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => random.index(size));
};

describe('seededRandom', () => {
  it('draws the same numbers from the same seed, on every machine (xoroshiro128+ of pure-rand 8.4.2)', () => {
    expect(draws(42, 1000, 10)).toEqual([605, 225, 535, 820, 834, 84, 852, 787, 139, 433]);
    expect(draws(0, 6, 10)).toEqual([1, 3, 4, 2, 5, 4, 0, 2, 2, 3]);
  });

  it('draws other numbers from another seed', () => {
    expect(draws(43, 1000, 10)).not.toEqual(draws(42, 1000, 10));
  });

  it('draws whole numbers from 0 to size − 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff_ffff }), fc.integer({ min: 1, max: 1e6 }), (seed, size) => {
        for (const drawn of draws(seed, size, 20)) {
          expect(Number.isInteger(drawn) && drawn >= 0 && drawn < size).toBe(true);
        }
      }),
    );
  });

  it('reaches every index about equally often', () => {
    const counts = new Array<number>(10).fill(0);
    for (const drawn of draws(7, 10, 100_000)) counts[drawn]! += 1;
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });

  it('refuses a seed that is not a 32-bit unsigned integer, and an empty draw', () => {
    for (const seed of [-1, 2 ** 32, 1.5, Number.NaN]) expect(() => seededRandom(seed)).toThrow(RangeError);
    expect(() => seededRandom(1).index(0)).toThrow(RangeError);
  });
});
