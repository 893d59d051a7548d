import { describe, expect, it } from 'vitest';
import { comparedDimensionOf, hoursOf, kpiQuery, listedEntitiesOf } from './scorecard-queries.ts';

const scope = {
  campaigns: ['c1'],
  clusters: [],
  universes: ['u1', 'u2'],
  providers: ['p1', 'p2'],
  isps: ['Movistar'],
  sources: [],
};
const window = { from: '2026-10-01T00:00:00.000Z', to: '2026-10-31T23:59:59.999Z', timeZone: 'Europe/Madrid' };

describe('scorecard queries', () => {
  it('compare the listed providers, else the listed ISPs, else every provider', () => {
    expect([comparedDimensionOf(scope), listedEntitiesOf(scope)]).toEqual(['provider', ['p1', 'p2']]);
    const byIsp = { ...scope, providers: [], isps: ['Orange', 'Digi', 'Orange'] };
    expect([comparedDimensionOf(byIsp), listedEntitiesOf(byIsp)]).toEqual(['isp', ['Orange', 'Digi']]);
    const none = { ...scope, providers: [], isps: [] };
    expect([comparedDimensionOf(none), listedEntitiesOf(none)]).toEqual(['provider', []]);
  });

  it('read a fringe as the whole local hours from its start to before its end, cut at midnight', () => {
    expect(hoursOf({ start: 8, end: 14 })).toEqual({ hourStart: 8, hourEnd: 13 });
    expect(hoursOf({ start: 7.5, end: 9.5 })).toEqual({ hourStart: 8, hourEnd: 9 });
    expect(hoursOf({ start: 18, end: 50 })).toEqual({ hourStart: 18, hourEnd: 23 });
    expect(hoursOf({ start: 8.2, end: 8.9 })).toBeUndefined();
    expect(hoursOf({ start: 24, end: 30 })).toBeUndefined();
  });

  it("ask the KPI's average per compared entity within the scorecard's scope, window and fringe", () => {
    expect(kpiQuery(scope, 'download', { start: 8, end: 14 }, window)).toMatchObject({
      kpi: 'download',
      metric: 'avg',
      breakdowns: ['provider'],
      campaigns: ['c1'],
      clusters: undefined,
      universes: ['u1', 'u2'],
      isps: ['Movistar'],
      sources: undefined,
      tsStart: window.from,
      tsEnd: window.to,
      timeZone: 'Europe/Madrid',
      hourStart: 8,
      hourEnd: 13,
      granularity: 'no_granularity',
    });
    const allDay = kpiQuery(scope, 'latency', null, window, 'day');
    expect(allDay).toMatchObject({ kpi: 'latency', granularity: 'day' });
    expect(allDay).not.toHaveProperty('hourStart');
  });

  it("score only the sources it lists: the panel's own measurements, or public data too", () => {
    const panelOnly = kpiQuery({ ...scope, sources: ['panel'] }, 'download', null, window);
    expect(panelOnly).toMatchObject({ sources: ['panel'], sourcesCond: 'include' });
  });

  it('ask nothing for a KPI no measurement carries, or a fringe without a whole hour', () => {
    expect(kpiQuery(scope, 'downloadThroughput', null, window)).toBeUndefined();
    expect(kpiQuery(scope, 'download', { start: 8.2, end: 8.9 }, window)).toBeUndefined();
  });
});
