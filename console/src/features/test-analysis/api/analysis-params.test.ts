import { describe, expect, it } from 'vitest';
import { defaultView, granularityOf, paramsFromView, viewFromParams } from './analysis-params.ts';

describe('test analysis in the query string', () => {
  it('round-trips a view, leaving defaults out of the address', () => {
    const view = {
      probe: 'mad01',
      program: 'speedtest',
      from: '2026-03-01',
      to: '2026-03-07T12:00:00.000Z',
      status: 'error' as const,
      layer: 'layer4' as const,
      kpi: 'latency' as const,
      page: 3,
      pageSize: 50,
      order: 'asc' as const,
    };
    expect(viewFromParams(paramsFromView(view))).toEqual(view);
    expect(paramsFromView({ ...defaultView, probe: 'mad01' }).toString()).toBe('probe=mad01');
  });

  it('drops what it does not know: odd values, and a program without its probe', () => {
    const params = new URLSearchParams('program=web&status=maybe&layer=layer7&kpi=speed&page=-1&pageSize=7&from=soon');
    expect(viewFromParams(params)).toEqual(defaultView);
  });

  it('charts hours up to a week and days beyond or without a start', () => {
    expect(granularityOf({ from: '2026-03-01', to: '2026-03-07' })).toBe('hours');
    expect(granularityOf({ from: '2026-03-01', to: '2026-03-08' })).toBe('day');
    expect(granularityOf({})).toBe('day');
  });
});
