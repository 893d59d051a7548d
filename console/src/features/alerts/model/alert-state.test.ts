import { describe, expect, it } from 'vitest';
import { worstState } from './alert-state.ts';

describe("an alert's state", () => {
  it('is the worst latest state of its groups: firing, then no data, then ok', () => {
    expect(worstState([{ state: 'resolved' }, { state: 'firing' }, { state: 'noData' }])).toBe('firing');
    expect(worstState([{ state: 'resolved' }, { state: 'noData' }])).toBe('noData');
    expect(worstState([{ state: 'resolved' }])).toBe('ok');
    expect(worstState([])).toBeUndefined();
  });
});
