import { describe, expect, it } from 'vitest';
import { defaultSearch, idsOfText, paramsFromSearch, searchFromParams } from './search-params.ts';

describe('measurement search in the query string', () => {
  it('round-trips a search, leaving defaults out of the URL', () => {
    const search = {
      ...defaultSearch,
      probes: ['p1', 'p2'],
      statuses: ['Finished' as const, 'Not apply' as const],
      testTypes: ['dns' as const],
      kpi: 'latency' as const,
      tsStart: '2026-01-01',
      tsEnd: '2026-01-31',
      page: 3,
      order: 'asc' as const,
    };
    const params = paramsFromSearch(search);
    expect(params.get('pageSize')).toBeNull();
    expect(params.get('statuses')).toBe('Finished,Not apply');
    expect(searchFromParams(new URLSearchParams(params.toString()))).toEqual(search);
  });

  it('falls back to the defaults for missing or odd values', () => {
    expect(searchFromParams(new URLSearchParams('page=-2&sort=nonsense&order=sideways'))).toEqual(defaultSearch);
  });

  it('reads probe ids separated by commas or spaces, once each', () => {
    expect(idsOfText(' p1, p2  p3,,p1 ')).toEqual(['p1', 'p2', 'p3']);
  });
});
