import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortedWithOwners } from './probe-panel.ts';
import { quantile } from './quantile.ts';
import { weightedQuantile } from './weighted-quantile.ts';

// The resample written out: each value as many times as its owner was drawn, then sorted.
function materialised(values: readonly number[], owners: readonly number[], multiplicities: readonly number[]) {
  const resample: number[] = [];
  values.forEach((value, at) => {
    for (let time = 0; time < multiplicities[owners[at]!]!; time++) resample.push(value);
  });
  return resample.sort((a, b) => a - b);
}

const ownedValues = fc.integer({ min: 1, max: 8 }).chain((owners) =>
  fc.tuple(
    fc.array(
      fc.tuple(
        fc.integer({ min: -20, max: 20 }).map((tenth) => tenth / 10),
        fc.nat(owners - 1),
      ),
      {
        minLength: 1,
        maxLength: 40,
      },
    ),
    fc.array(fc.nat(4), { minLength: owners, maxLength: owners }),
  ),
);

describe('weightedQuantile', () => {
  it('equals the quantile of the resample written out and sorted, to the last bit', () => {
    fc.assert(
      fc.property(ownedValues, fc.double({ min: 0, max: 1, noNaN: true }), ([pairs, multiplicities], p) => {
        const values = pairs.map(([value]) => value);
        const owners = pairs.map(([, owner]) => owner);
        const resample = materialised(values, owners, multiplicities);
        const sorted = sortedWithOwners(Float64Array.from(values), Int32Array.from(owners));
        const fast = weightedQuantile(sorted, Int32Array.from(multiplicities), resample.length, p);
        expect(fast).toBe(resample.length === 0 ? Number.NaN : quantile(resample, p));
      }),
      { numRuns: 2000 },
    );
  });

  it('walks past values whose probe was not drawn, from either end', () => {
    const sorted = { values: Float64Array.of(1, 2, 3, 4, 5), owners: Int32Array.of(0, 1, 2, 1, 0) };
    const onlyFirst = Int32Array.of(2, 0, 0); // the resample 1, 1, 5, 5
    expect(weightedQuantile(sorted, onlyFirst, 4, 0.5)).toBe(3);
    expect(weightedQuantile(sorted, onlyFirst, 4, 0.2)).toBe(1);
    expect(weightedQuantile(sorted, onlyFirst, 4, 0.9)).toBe(5);
    expect(weightedQuantile(sorted, onlyFirst, 4, 1)).toBe(5);
  });
});
