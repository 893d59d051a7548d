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

  it('round-trips the ISP and technology lists with their modes, sending the mode only when it excludes', () => {
    const search = {
      ...defaultSearch,
      isps: ['Movistar', 'Digi Mobil'],
      ispsCond: 'exclude' as const,
      technologies: [100 as const, 4 as const],
      technologiesCond: 'include' as const,
    };
    const params = paramsFromSearch(search);
    expect(params.get('isps')).toBe('Movistar,Digi Mobil');
    expect(params.get('ispsCond')).toBe('exclude');
    expect(params.get('technologies')).toBe('100,4');
    expect(params.get('technologiesCond')).toBeNull();
    const { technologiesCond: _default, ...expected } = search;
    expect(searchFromParams(new URLSearchParams(params.toString()))).toEqual(expected);
  });

  it('drops unknown technology codes and sources, and a mode without its list', () => {
    expect(
      searchFromParams(new URLSearchParams('technologies=4,7,x&ispsCond=exclude&sources=m-lab,elsewhere')),
    ).toEqual({ ...defaultSearch, technologies: [4], sources: ['m-lab'] });
  });

  it('round-trips the sources with their mode', () => {
    const search = {
      ...defaultSearch,
      sources: ['ripe-atlas' as const, 'm-lab' as const],
      sourcesCond: 'exclude' as const,
    };
    const params = paramsFromSearch(search);
    expect([params.get('sources'), params.get('sourcesCond')]).toEqual(['ripe-atlas,m-lab', 'exclude']);
    expect(searchFromParams(new URLSearchParams(params.toString()))).toEqual(search);
  });

  it('falls back to the defaults for missing or odd values', () => {
    expect(searchFromParams(new URLSearchParams('page=-2&sort=nonsense&order=sideways'))).toEqual(defaultSearch);
  });

  it('reads probe ids separated by commas or spaces, once each', () => {
    expect(idsOfText(' p1, p2  p3,,p1 ')).toEqual(['p1', 'p2', 'p3']);
  });
});
