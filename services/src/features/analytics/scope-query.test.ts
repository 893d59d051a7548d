import { type QueryIrInput, queryIrSchema } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { type AnalyticsScope, scopeQuery } from './scope-query.ts';
import { endOf, startOf } from './zoned-time.ts';

const scoped = (input: QueryIrInput, scope: AnalyticsScope = {}) => scopeQuery(queryIrSchema.parse(input), scope);

describe('dates of a query (00:00:00 to 23:59:59 in the time zone)', () => {
  it('turns dates into the first and last instant of the day in the time zone, across DST changes', () => {
    expect(startOf('2026-03-29', 'Europe/Madrid')).toBe('2026-03-28T23:00:00.000Z');
    expect(endOf('2026-03-29', 'Europe/Madrid')).toBe('2026-03-29T21:59:59.999Z');
    expect(startOf('2026-10-25', 'Europe/Madrid')).toBe('2026-10-24T22:00:00.000Z');
    expect(endOf('2026-10-25', 'Europe/Madrid')).toBe('2026-10-25T22:59:59.999Z');
    expect(startOf('2026-07-01', 'Asia/Kathmandu')).toBe('2026-06-30T18:15:00.000Z');
    expect(endOf('2026-01-31', 'Etc/UTC')).toBe('2026-01-31T23:59:59.999Z');
  });

  it('keeps instants as given', () => {
    expect(startOf('2026-03-10T12:30:00+01:00', 'Europe/Madrid')).toBe('2026-03-10T11:30:00.000Z');
    expect(endOf('2026-03-10T12:30:00Z', 'America/New_York')).toBe('2026-03-10T12:30:00.000Z');
  });
});

describe('profile scope intersected into a query', () => {
  it('leaves a query alone when the profile restricts nothing', () => {
    expect(scoped({ kpi: 'download', isps: ['Digi'], ispsCond: 'exclude', tsStart: '2026-03-01' })).toEqual({
      measure: { kind: 'metric', kpi: 'download', metric: 'avg' },
      filters: [{ dimension: 'isp', mode: 'exclude', values: ['Digi'] }],
      from: '2026-03-01T00:00:00.000Z',
      breakdowns: [],
      granularity: 'no_granularity',
      timeZone: 'Etc/UTC',
      matchesNothing: false,
    });
  });

  it('intersects include lists and turns exclude lists into the allowed values they do not name', () => {
    const scope: AnalyticsScope = { technologies: [4, 5], isps: ['Movistar', 'Vodafone'], tags: ['gold'] };
    const query = scoped(
      { kpi: 'download', technologies: [5, 98], isps: ['Vodafone'], ispsCond: 'exclude', fringes: [0] },
      scope,
    );
    expect(query.filters).toEqual([
      { dimension: 'isp', mode: 'include', values: ['Movistar'] },
      { dimension: 'tag', mode: 'include', values: ['gold'] },
      { dimension: 'technology', mode: 'include', values: [5] },
      { dimension: 'fringe', mode: 'include', values: [0] },
    ]);
    expect(query.matchesNothing).toBe(false);
  });

  it('restricts probes, campaigns and clusters even when the request names none', () => {
    const query = scoped({ kpi: 'download' }, { probes: ['p1'], campaigns: ['c1'], clusters: ['k1'] });
    expect(query.filters.map((filter) => [filter.dimension, filter.values])).toEqual([
      ['cluster', ['k1']],
      ['campaign', ['c1']],
      ['probe', ['p1']],
    ]);
  });

  it('matches nothing when the request and the profile share no value', () => {
    expect(scoped({ kpi: 'download', technologies: [98] }, { technologies: [4, 5] }).matchesNothing).toBe(true);
    expect(scoped({ kpi: 'download', isps: ['A'], ispsCond: 'exclude' }, { isps: ['A'] }).matchesNothing).toBe(true);
  });

  it('matches nothing when a KPI outside the profile is measured or conditioned on', () => {
    const scope: AnalyticsScope = { kpis: ['download', 'upload'] };
    expect(scoped({ kpi: 'download' }, scope).matchesNothing).toBe(false);
    expect(scoped({ kpi: 'latency' }, scope).matchesNothing).toBe(true);
    expect(
      scoped({ kpi: 'download', conditions: { not: { kpi: 'latency', operator: 'not_exists' } } }, scope)
        .matchesNothing,
    ).toBe(true);
    expect(scoped({ graphicType: 'scatterplot', axes: { x: 'download', y: 'jitter' } }, scope).matchesNothing).toBe(
      true,
    );
  });

  it('reads dates as days of the query time zone, else of the profile, and bounds them by the profile', () => {
    const scope: AnalyticsScope = {
      timeZone: 'Europe/Madrid',
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-12-31T23:59:59.000Z',
    };
    const query = scoped({ kpi: 'download', tsStart: '2026-03-01', tsEnd: '2026-03-31' }, scope);
    expect([query.from, query.to, query.timeZone]).toEqual([
      '2026-02-28T23:00:00.000Z',
      '2026-03-31T21:59:59.999Z',
      'Europe/Madrid',
    ]);
    const elsewhere = scoped({ kpi: 'download', tsStart: '2026-03-01', timeZone: 'America/New_York' }, scope);
    expect([elsewhere.from, elsewhere.to]).toEqual(['2026-03-01T05:00:00.000Z', '2026-12-31T23:59:59.000Z']);
    expect([scoped({ kpi: 'download' }, scope).from, scoped({ kpi: 'download' }, scope).to]).toEqual([
      scope.from,
      scope.to,
    ]);
  });

  it('refuses dates outside the profile limits with profiles.outOfDateLimits', () => {
    const scope: AnalyticsScope = { from: '2026-01-01T00:00:00.000Z', to: '2026-06-30T23:59:59.000Z' };
    for (const dates of [
      { tsStart: '2025-12-31' },
      { tsEnd: '2026-07-01' },
      { tsStart: '2026-08-01', tsEnd: '2026-08-02' },
    ])
      expect(() => scoped({ kpi: 'download', ...dates }, scope)).toThrow(
        expect.objectContaining({ code: 'profiles.outOfDateLimits' }),
      );
  });

  it('keeps the hour window, wrapping midnight, and the conditions', () => {
    const conditions = { kpi: 'latency', operator: 'lt', value: 30 } as const;
    const query = scoped({ kpi: 'download', hourStart: 22, hourEnd: 5, conditions });
    expect([query.hours, query.conditions]).toEqual([{ start: 22, end: 5 }, conditions]);
    expect(scoped({ kpi: 'download', hourStart: 8 }).hours).toEqual({ start: 8, end: 23 });
  });

  it('measures a boxplot by its value axis and a scatterplot by its x and y axes', () => {
    expect(scoped({ graphicType: 'boxplot', axes: { value: 'latency' } }).measure).toEqual({
      kind: 'boxplot',
      kpi: 'latency',
    });
    expect(scoped({ graphicType: 'scatterplot', axes: { x: 'download', y: 'latency' } }).measure).toEqual({
      kind: 'scatterplot',
      x: 'download',
      y: 'latency',
    });
  });
});

describe('a table by rows and columns (the axes)', () => {
  it('groups by the rows and columns, and measures the value KPI', () => {
    const byDimensions = scoped({
      graphicType: 'table',
      axes: { rows: 'isp', columns: 'technology', value: 'jitter' },
    });
    expect(byDimensions).toMatchObject({
      measure: { kind: 'metric', kpi: 'jitter', metric: 'avg' },
      breakdowns: ['isp', 'technology'],
      granularity: 'no_granularity',
    });
    const byTime = scoped({
      graphicType: 'table',
      axes: { rows: 'time', columns: 'campaign', value: 'download' },
      metric: 'p90',
      granularity: 'week',
    });
    expect(byTime).toMatchObject({
      measure: { kind: 'metric', kpi: 'download', metric: 'p90' },
      breakdowns: ['campaign'],
      granularity: 'week',
    });
  });
});

describe('connected devices', () => {
  it('carries the bounds into the query, for graphics and for any other selection', () => {
    expect(scoped({ kpi: 'download', connectedDevices: { min: 2 } }).connectedDevices).toEqual({ min: 2 });
    expect(scoped({ kpi: 'download' })).not.toHaveProperty('connectedDevices');
  });
});
