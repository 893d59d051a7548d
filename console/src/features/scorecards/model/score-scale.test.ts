import { describe, expect, it } from 'vitest';
import { scoreBand, trendOf } from './score-scale.ts';

describe('score scale', () => {
  it('bands a score by its share of the max score, the top of the scale excellent', () => {
    expect([0, 1.9, 2, 5, 7.9, 8, 10, 12].map((score) => scoreBand(score, 10))).toEqual([
      'poor',
      'poor',
      'weak',
      'fair',
      'good',
      'excellent',
      'excellent',
      'excellent',
    ]);
    expect(scoreBand(80, 100)).toBe('excellent');
  });

  it('reads a rise as better unless lower values are the better ones', () => {
    expect(trendOf(5, 6)).toBe('better');
    expect(trendOf(6, 5)).toBe('worse');
    expect(trendOf(20, 30, true)).toBe('worse');
    expect(trendOf(30, 20, true)).toBe('better');
    expect(trendOf(3, 3)).toBe('same');
    expect(trendOf(null, 3)).toBeUndefined();
  });
});
