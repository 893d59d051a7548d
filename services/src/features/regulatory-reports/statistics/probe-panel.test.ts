import { describe, expect, it } from 'vitest';
import { probePanel } from './probe-panel.ts';

describe('probePanel', () => {
  const panel = probePanel([[3, 1, 2], [], [10], [2, 7]]);

  it('leaves out probes without measurements and counts the rest', () => {
    expect(panel.probes).toBe(3);
    expect(panel.measurements).toBe(6);
    expect(Array.from(panel.counts)).toEqual([3, 1, 2]);
    expect(Array.from(panel.sums)).toEqual([6, 10, 9]);
    expect(panel.sortedValuesOfProbe.map((values) => Array.from(values))).toEqual([[1, 2, 3], [10], [2, 7]]);
  });

  it('pools the measurements in ascending order, each with its probe', () => {
    expect(Array.from(panel.pooled.values)).toEqual([1, 2, 2, 3, 7, 10]);
    const pairs = Array.from(panel.pooled.values, (value, at) => `${value}@${panel.pooled.owners[at]}`);
    expect(pairs.sort()).toEqual(['10@1', '1@0', '2@0', '2@2', '3@0', '7@2']);
  });

  it('refuses values that are not finite numbers', () => {
    expect(() => probePanel([[1, Number.NaN]])).toThrow(RangeError);
    expect(() => probePanel([[Number.POSITIVE_INFINITY]])).toThrow(RangeError);
  });
});
