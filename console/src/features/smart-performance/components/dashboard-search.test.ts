import { describe, expect, it } from 'vitest';
import { readChoice, withChoice } from './dashboard-search.ts';

describe('the dashboards in the address', () => {
  it('reads the window, refresh interval and grouping it keeps, ignoring values it does not offer', () => {
    expect(readChoice(new URLSearchParams('window=30d&refresh=60000&by=fringe'))).toEqual({
      window: '30d',
      refresh: 60_000,
      grouping: 'fringe',
    });
    expect(readChoice(new URLSearchParams('window=1y&refresh=45000&by=probe'))).toEqual({
      window: undefined,
      refresh: undefined,
      grouping: undefined,
    });
    expect(readChoice(new URLSearchParams('refresh=0')).refresh).toBe(0);
    expect(readChoice(new URLSearchParams('refresh=')).refresh).toBeUndefined();
  });

  it('changes one part and keeps the others', () => {
    const search = withChoice(new URLSearchParams('window=7d&by=isp&other=1'), { refresh: 30_000 });
    expect(search.toString()).toBe('window=7d&by=isp&other=1&refresh=30000');
    expect(withChoice(search, { grouping: undefined }).toString()).toBe('window=7d&other=1&refresh=30000');
  });
});
