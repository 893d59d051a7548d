import {
  DomainError,
  type Profile,
  profileFieldsSchema,
  type QueryIr,
  type QueryResult,
  smartPerformanceRequestSchema,
} from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';
import { describe, expect, it, vi } from 'vitest';
import type { AnalyticsEngine } from '../analytics/analytics-engine.ts';
import { type ChartsContext, smartPerformanceCharts } from './kpi-charts.ts';

const profileWith = (fields: Partial<Profile> = {}): Profile => ({
  ...profileFieldsSchema.parse({ name: 'analyst' }),
  id: 'analyst',
  kpis: [
    { id: 'download', fringes: [0, 1], inverse: false },
    { id: 'latency', fringes: [2], inverse: true },
  ],
  ...fields,
});

const answer = (value: number): QueryResult => ({
  kind: 'metric',
  metric: 'avg',
  series: [{ key: { program: 'speedtest' }, buckets: [{ key: '2026-11-24T00:00:00.000Z', count: 2, value }] }],
  warnings: [],
});

function contextFor(profile: Profile, run: (ir: QueryIr) => Promise<QueryResult>) {
  const queries: QueryIr[] = [];
  const logFailure = vi.fn();
  const engine = {
    run: (ir: QueryIr) => {
      queries.push(ir);
      return run(ir);
    },
  } as unknown as AnalyticsEngine;
  const context: ChartsContext = {
    engine,
    labels: async (result) => result,
    viewer: { profile } as Viewer,
    scope: { timeZone: 'Europe/Madrid', from: profile.tsStart, to: profile.tsEnd },
    language: 'es',
    signal: new AbortController().signal,
    now: new Date('2026-11-25T12:00:00.000Z'),
    logFailure,
  };
  return { context, queries, logFailure };
}

const request = (body: object = {}) => smartPerformanceRequestSchema.parse(body);

describe('smart performance charts', () => {
  it('answers one chart per KPI of the profile, each read in its own fringes over the window', async () => {
    const { context, queries } = contextFor(profileWith(), async (ir) => answer(ir.kpi === 'download' ? 90 : 20));
    const result = await smartPerformanceCharts(request({ window: '7d' }), context);

    expect(result.charts.map((chart) => [chart.kpi, chart.status, chart.fringes])).toEqual([
      ['download', 'ready', [0, 1]],
      ['latency', 'ready', [2]],
    ]);
    expect(queries.map((ir) => ir.fringes)).toEqual([[0, 1], [2]]);
    expect(result.window).toEqual({
      name: '7d',
      from: '2026-11-18T12:00:00.000Z',
      to: '2026-11-25T12:00:00.000Z',
      timeZone: 'Europe/Madrid',
    });
    expect(result.granularity).toBe('day');
    expect(queries[0]).toMatchObject({ granularity: 'day', breakdowns: ['isp'], tsStart: result.window.from });
  });

  it('keeps the other charts when one KPI fails, the failed one saying why in the language asked', async () => {
    const { context, logFailure } = contextFor(profileWith(), async (ir) => {
      if (ir.kpi === 'latency') throw new Error('connection reset');
      return answer(90);
    });
    const result = await smartPerformanceCharts(request(), context);

    expect(result.charts[0]).toMatchObject({ kpi: 'download', status: 'ready' });
    expect(result.charts[1]).toMatchObject({
      kpi: 'latency',
      status: 'failed',
      error: {
        code: 'smartPerformance.fetchFailed',
        message: 'No se han podido cargar los datos de rendimiento inteligente.',
      },
    });
    expect(logFailure).toHaveBeenCalledWith('latency', expect.any(Error));
  });

  it("answers a KPI's catalogue error as it is", async () => {
    const { context } = contextFor(profileWith(), async (ir) => {
      if (ir.kpi === 'download') throw new DomainError('destinations.noTargets');
      return answer(20);
    });
    const [download] = (await smartPerformanceCharts(request(), context)).charts;
    expect(download).toMatchObject({ status: 'failed', error: { code: 'destinations.noTargets' } });
  });

  it('fails as a whole when the client went away', async () => {
    const controller = new AbortController();
    const { context } = contextFor(profileWith(), async () => {
      controller.abort();
      throw Object.assign(new Error('aborted'), { name: 'AbortError' });
    });
    await expect(smartPerformanceCharts(request(), { ...context, signal: controller.signal })).rejects.toThrow(
      'aborted',
    );
  });

  it("reads only the profile's programs, grouped by program and named as the profile names them", async () => {
    const programs = [
      { id: 'speedtest', type: 2 as const, program: 'Speed test', groups: ['speed'] },
      { id: 'ping', type: 3 as const, program: 'Ping', groups: [] },
    ];
    const defaultDestinations = [{ name: 'dns.google', ip: '8.8.8.8' }];
    const { context, queries } = contextFor(profileWith({ programs, defaultDestinations }), async () => answer(90));
    const result = await smartPerformanceCharts(
      request({ programs: ['ping', 'elsewhere'], kpis: ['download'] }),
      context,
    );

    expect(result.grouping).toBe('program');
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatchObject({ programs: ['ping'], breakdowns: ['program'] });
    const [chart] = result.charts;
    expect(chart?.status === 'ready' && chart.series[0]?.labels).toEqual({ program: 'Speed test' });
  });

  it("starts the window at the profile's first date and refuses a window after its last", async () => {
    const { context, queries } = contextFor(profileWith({ tsStart: '2026-11-20T00:00:00.000Z' }), async () =>
      answer(1),
    );
    const result = await smartPerformanceCharts(request({ window: '30d' }), context);
    expect(result.window.from).toBe('2026-11-20T00:00:00.000Z');
    expect(queries[0]?.tsStart).toBe('2026-11-20T00:00:00.000Z');

    const ended = contextFor(profileWith({ tsEnd: '2026-01-31T23:59:59.000Z' }), async () => answer(1));
    await expect(smartPerformanceCharts(request({ window: '24h' }), ended.context)).rejects.toMatchObject({
      code: 'profiles.outOfDateLimits',
    });
  });

  it('refuses buckets too fine for the window', async () => {
    const { context } = contextFor(profileWith(), async () => answer(1));
    await expect(
      smartPerformanceCharts(request({ window: '30d', granularity: 'minutes' }), context),
    ).rejects.toMatchObject({ code: 'validation.invalidOption' });
    const fine = await smartPerformanceCharts(request({ window: '24h', granularity: 'minutes' }), context);
    expect(fine.granularity).toBe('minutes');
  });

  it('shows every catalogue KPI, with its default fringes and direction, to a profile listing none', async () => {
    const { context } = contextFor(profileWith({ kpis: [] }), async () => answer(1));
    const { charts } = await smartPerformanceCharts(request(), context);
    expect(charts.length).toBeGreaterThan(5);
    expect(charts.find((chart) => chart.kpi === 'latency')).toMatchObject({ inverse: true, fringes: [0, 1, 2] });
  });
});
