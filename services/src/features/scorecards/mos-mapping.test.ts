import type { MosMappingFunction } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { scoreFor } from './mos-mapping.ts';

const limits = { lower: 10, upper: 50, absoluteUpper: 100 };
const entry = (mappingFunction: MosMappingFunction, custom = limits) => ({ mappingFunction, limits: custom });
const scores = (mappingFunction: MosMappingFunction, values: number[], options = {}) =>
  values.map((value) => scoreFor(value, entry(mappingFunction), options));

describe('scoreFor', () => {
  it('linear: lower scores 0, upper the max score, a straight line between, clamped', () => {
    expect(scores('linear', [0, 10, 20, 30, 50, 80])).toEqual([0, 0, 0.25, 0.5, 1, 1]);
    expect(scores('linear', [30, 70], { maxScore: 5 })).toEqual([2.5, 5]);
  });

  it('linear double slope: a knee at upper, then up to the max score at absolute upper', () => {
    expect(scores('linearDoubleSlope', [0, 10, 30, 50, 75, 100, 150])).toEqual([0, 0, 0.4, 0.8, 0.9, 1, 1]);
    expect(scores('linearDoubleSlope', [50, 75], { maxScore: 10, knee: 0.5 })).toEqual([5, 7.5]);
  });

  it('square root: the square root of the linear share, so early gains weigh more', () => {
    expect(scores('squareRoot', [5, 10, 20, 50, 60])).toEqual([0, 0, 0.5, 1, 1]);
    expect(scoreFor(30, entry('squareRoot'), { maxScore: 4 })).toBeCloseTo(4 * Math.SQRT1_2);
  });

  it('inverted linear: for lower-is-better KPIs, lower scores the max and upper 0', () => {
    expect(scores('invertedLinear', [0, 10, 20, 30, 50, 80])).toEqual([1, 1, 0.75, 0.5, 0, 0]);
    expect(scores('invertedLinear', [20], { maxScore: 5 })).toEqual([3.75]);
  });

  it('turns coinciding limits into a step where reaching the limit earns the full share', () => {
    const flat = { lower: 20, upper: 20, absoluteUpper: 20 };
    expect([19, 20, 21].map((value) => scoreFor(value, entry('linear', flat)))).toEqual([0, 1, 1]);
    expect([19, 20, 21].map((value) => scoreFor(value, entry('invertedLinear', flat)))).toEqual([1, 1, 0]);
    expect([19, 20, 21].map((value) => scoreFor(value, entry('linearDoubleSlope', flat)))).toEqual([0, 0.8, 1]);
  });

  it('scores a missing value as NaN and infinities as the ends of the scale', () => {
    for (const mappingFunction of ['linear', 'linearDoubleSlope', 'squareRoot', 'invertedLinear'] as const) {
      expect(scoreFor(Number.NaN, entry(mappingFunction))).toBeNaN();
      const [low, high] = scores(mappingFunction, [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY]);
      expect(mappingFunction === 'invertedLinear' ? [high, low] : [low, high]).toEqual([0, 1]);
    }
  });
});
