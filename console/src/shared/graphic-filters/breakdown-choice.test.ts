import { describe, expect, it } from 'vitest';
import { breakdownLevels, breakdownLevelsAfter, choicesAt, isOpen, withBreakdownAt } from './breakdown-choice.ts';

describe('breakdowns chosen in order', () => {
  it('offers three levels, each open once the previous is set and without the earlier choices', () => {
    expect(breakdownLevels).toEqual([0, 1, 2]);
    expect(isOpen([], 0)).toBe(true);
    expect(isOpen([], 1)).toBe(false);
    expect(isOpen(['isp'], 1)).toBe(true);
    expect(choicesAt(['isp', 'technology'], 2)).not.toContain('isp');
    expect(choicesAt(['isp', 'technology'], 2)).not.toContain('technology');
    expect(choicesAt(['isp', 'technology'], 1)).toContain('technology');
  });

  it('offers fewer levels after the dimensions a screen breaks down by itself', () => {
    expect(breakdownLevelsAfter(['destination'])).toEqual([0, 1]);
  });

  it('sets a level, clearing one clears the later ones, and no dimension repeats', () => {
    expect(withBreakdownAt([], 0, 'isp')).toEqual(['isp']);
    expect(withBreakdownAt(['isp'], 1, 'technology')).toEqual(['isp', 'technology']);
    expect(withBreakdownAt(['isp', 'technology', 'fringe'], 1, '')).toEqual(['isp']);
    expect(withBreakdownAt(['isp', 'technology', 'fringe'], 0, 'fringe')).toEqual(['fringe', 'technology']);
  });
});
