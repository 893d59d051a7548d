import type { EnrichedMeasurement, QueryIrInput, QueryResult } from '@nq/contracts';
import { queryIrSchema } from '@nq/contracts';
import { openPgliteClient } from '@nq/platform/sql/pglite-client';
import type { SqlClient } from '@nq/platform/sql/sql-client';
import { openSqlMeasurementStore } from '@nq/projections/measurements/sql-measurement-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsEngine } from './analytics-engine.ts';
import type { AnalyticsScope } from './scope-query.ts';
import { datasetTimeZone, seededMeasurements } from './seeded-measurements.ts';
import { createSqlAnalytics } from './sql-analytics.ts';
import { endOf, startOf } from './zoned-time.ts';

// The SQL engine on the embedded database against answers computed here from the raw dataset: what each part of
// the graphic filter set means, independently of either engine.

const dataset = seededMeasurements({ count: 800, seed: 7 });
const scope: AnalyticsScope = { timeZone: datasetTimeZone };
const days = { tsStart: '2026-03-05', tsEnd: '2026-04-20' } as const;
const inDays = (m: EnrichedMeasurement) =>
  m.measuredAt >= startOf(days.tsStart, datasetTimeZone) && m.measuredAt <= endOf(days.tsEnd, datasetTimeZone);

const groupBy = <T>(items: T[], keyOf: (item: T) => string | number | (string | number)[]) => {
  const groups = new Map<string | number, T[]>();
  for (const item of items) for (const key of [keyOf(item)].flat()) groups.set(key, [...(groups.get(key) ?? []), item]);
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
};
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
/** PostgreSQL's percentile_cont: linear interpolation at fraction × (n − 1). */
function percentileCont(values: number[], fraction: number) {
  const sorted = [...values].sort((a, b) => a - b);
  const position = fraction * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (position - below) * (sorted[above]! - sorted[below]!);
}
const localDate = new Intl.DateTimeFormat('en-CA', { timeZone: datasetTimeZone });

const valuesOf = (result: QueryResult) =>
  result.kind === 'metric'
    ? result.series.map((series) => [
        series.key,
        series.buckets.map((bucket) => [bucket.key, bucket.count, bucket.value]),
      ])
    : [];

describe('SQL analytics on the embedded database (PGlite)', () => {
  let sql: SqlClient;
  let engine: AnalyticsEngine;
  let sampled: AnalyticsEngine;
  const run = (input: QueryIrInput, on = () => engine) => on().run(queryIrSchema.parse({ ...days, ...input }), scope);

  beforeAll(async () => {
    sql = await openPgliteClient();
    await (await openSqlMeasurementStore(sql)).write(dataset);
    engine = createSqlAnalytics(sql);
    sampled = createSqlAnalytics(sql, { sampleSize: 25 });
  });
  afterAll(() => sql.close());

  it('counts and averages by ISP (the provider, whatever the letter case it was reported in) within the days of the time zone', async () => {
    const expected = groupBy(dataset.filter(inDays), (m) => m.ispId!).map(([isp, group]) => [
      { isp },
      [['all', group.length, mean(group.map((m) => m.kpis.download!))]],
    ]);
    const [actual] = [valuesOf(await run({ kpi: 'download', breakdowns: ['isp'] }))];
    expect(actual.map(([key]) => key)).toEqual(expected.map(([key]) => key));
    actual.forEach(([, buckets], index) => {
      const [[, count, value]] = expected[index]![1] as [[string, number, number]];
      const [[, actualCount, actualValue]] = buckets as [[string, number, number]];
      expect(actualCount).toBe(count);
      expect(actualValue).toBeCloseTo(value, 9);
    });
  });

  it('computes percentiles like percentile_cont, per technology', async () => {
    const result = await run({ kpi: 'latency', metric: 'p90', breakdowns: ['technology'] });
    expect(valuesOf(result)).toEqual(
      groupBy(dataset.filter(inDays), (m) => m.technology).map(([technology, group]) => [
        { technology },
        [
          [
            'all',
            group.length,
            percentileCont(
              group.map((m) => m.kpis.latency!),
              0.9,
            ),
          ],
        ],
      ]),
    );
  });

  it('takes the first and last value by measurement time, ties by measurement id', async () => {
    const withJitter = dataset.filter((m) => inDays(m) && m.kpis.jitter !== undefined);
    const ordered = [...withJitter].sort((a, b) =>
      a.measuredAt === b.measuredAt
        ? a.measurementId < b.measurementId
          ? -1
          : 1
        : a.measuredAt < b.measuredAt
          ? -1
          : 1,
    );
    expect(valuesOf(await run({ kpi: 'jitter', metric: 'first' }))).toEqual([
      [{}, [['all', ordered.length, ordered[0]!.kpis.jitter]]],
    ]);
    expect(valuesOf(await run({ kpi: 'jitter', metric: 'last' }))).toEqual([
      [{}, [['all', ordered.length, ordered.at(-1)!.kpis.jitter]]],
    ]);
  });

  it('counts the distinct probes of each campaign (a measurement counts in each of its campaigns)', async () => {
    expect(valuesOf(await run({ kpi: 'download', metric: 'uniqueCount', breakdowns: ['campaign'] }))).toEqual(
      groupBy(dataset.filter(inDays), (m) => m.campaigns).map(([campaign, group]) => [
        { campaign },
        [['all', group.length, new Set(group.map((m) => m.probeId)).size]],
      ]),
    );
  });

  it('buckets by local day, the key being the day start as an instant', async () => {
    expect(valuesOf(await run({ kpi: 'upload', metric: 'max', granularity: 'day' }))).toEqual([
      [
        {},
        groupBy(dataset.filter(inDays), (m) => localDate.format(new Date(m.measuredAt))).map(([date, group]) => [
          startOf(String(date), datasetTimeZone),
          group.length,
          Math.max(...group.map((m) => m.kpis.upload!)),
        ]),
      ],
    ]);
  });

  it('keeps measurements without the KPI under not, and an hour window across midnight', async () => {
    const count = (result: QueryResult) => (result.kind === 'metric' ? result.series[0]!.buckets[0]!.count : 0);
    const notJittery = await run({
      kpi: 'download',
      metric: 'count',
      conditions: { not: { kpi: 'jitter', operator: 'gt', value: 5 } },
    });
    expect(count(notJittery)).toBe(dataset.filter((m) => inDays(m) && !(m.kpis.jitter! > 5)).length);
    const night = await run({ kpi: 'download', metric: 'count', hourStart: 22, hourEnd: 5 });
    expect(count(night)).toBe(dataset.filter((m) => inDays(m) && (m.hour >= 22 || m.hour <= 5)).length);
  });

  it('drops values beyond three standard deviations of the selection', async () => {
    const latencies = dataset.filter(inDays).map((m) => m.kpis.latency!);
    const average = mean(latencies);
    const deviation = Math.sqrt(mean(latencies.map((value) => (value - average) ** 2)));
    const kept = latencies.filter((value) => Math.abs(value - average) <= 3 * deviation);
    expect(kept.length).toBeLessThan(latencies.length);
    expect(valuesOf(await run({ kpi: 'latency', metric: 'max', outliers: true }))).toEqual([
      [{}, [['all', kept.length, Math.max(...kept)]]],
    ]);
  });

  it('samples at most the sample size per universe, the same points for the same seed', async () => {
    const input: QueryIrInput = {
      graphicType: 'scatterplot',
      axes: { x: 'download', y: 'latency' },
      breakdowns: ['universe'],
      seed: 5,
    };
    const first = await run(input, () => sampled);
    expect(await run(input, () => sampled)).toEqual(first);
    expect(await run({ ...input, seed: 6 }, () => sampled)).not.toEqual(first);
    if (first.kind !== 'scatterplot') throw new Error('not a scatterplot');
    expect(first.series.map((series) => [series.key, series.total, series.points.length])).toEqual(
      groupBy(dataset.filter(inDays), (m) => m.universes).map(([universe, group]) => [
        { universe },
        group.length,
        Math.min(group.length, 25),
      ]),
    );
    expect(first.warnings).toEqual([{ code: 'graphics.scatterplotSampled' }]);
  });

  it('names a week that began before the asked days by their first day, and keeps every value of it', async () => {
    // 5 March 2026 is a Thursday: its week began on Monday 2 March, before the days asked for.
    const result = await run({ kpi: 'download', metric: 'count', granularity: 'week' });
    const buckets = result.kind === 'metric' ? result.series[0]!.buckets : [];
    const firstDay = new Date(startOf(days.tsStart, datasetTimeZone)).toISOString();
    expect(buckets[0]?.key).toBe(firstDay);
    expect(buckets.every((bucket) => typeof bucket.key === 'string' && bucket.key >= firstDay)).toBe(true);
    expect(buckets[1]?.key).toBe(new Date(startOf('2026-03-09', datasetTimeZone)).toISOString());
    expect(buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(dataset.filter(inDays).length);
  });

  it('answers no data with the catalogue warning, and stops waiting when aborted', async () => {
    expect(await run({ kpi: 'download', isps: ['Nobody'] })).toEqual({
      kind: 'metric',
      metric: 'avg',
      series: [],
      warnings: [{ code: 'graphics.noData' }],
      source: 'raw',
    });
    const controller = new AbortController();
    const running = engine.run(queryIrSchema.parse({ kpi: 'download', granularity: 'minutes' }), scope, {
      signal: controller.signal,
    });
    controller.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
  });
});
