import {
  type EnrichedMeasurement,
  type KpiId,
  metrics,
  type QueryIrInput,
  type QueryResult,
  queryIrSchema,
} from '@nq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsEngine } from './analytics-engine.ts';
import { createElasticsearchAnalytics } from './elasticsearch-analytics.ts';
import {
  averageTolerance,
  expectClose,
  percentileTolerance,
  seedBothStores,
  toleranceOf,
} from './engine-equivalence.fixture.ts';
import type { AnalyticsScope } from './scope-query.ts';
import { datasetTimeZone, seededMeasurements } from './seeded-measurements.ts';
import { createSqlAnalytics } from './sql-analytics.ts';

// Design §6: every query shape runs on both engines over one seeded dataset and the answers are compared, within the
// fixture's tolerances.

const cappedSampleSize = 40;

const dataset = seededMeasurements();
const byId = new Map(dataset.map((measurement) => [measurement.measurementId, measurement]));
const everything: AnalyticsScope = { timeZone: datasetTimeZone };
const month = { tsStart: '2026-03-01', tsEnd: '2026-04-30' } as const;

/** Every query shape of the graphic filter set, by name. */
const shapes: Record<string, QueryIrInput> = {
  ...Object.fromEntries(
    metrics.map((metric) => [`${metric} by ISP`, { kpi: 'download', metric, breakdowns: ['isp'] }]),
  ),
  ...Object.fromEntries(
    metrics.map((metric) => [`${metric} of latency by day`, { kpi: 'latency', metric, granularity: 'day' }]),
  ),
  ...Object.fromEntries(
    (['minutes', 'hours', 'day', 'week', 'weekday', 'month', 'quarter', 'year', 'no_granularity'] as const).map(
      (granularity) => [`avg by ${granularity}`, { kpi: 'download', granularity, ...month }],
    ),
  ),
  'median by week and technology': {
    kpi: 'download',
    metric: 'median',
    granularity: 'week',
    breakdowns: ['technology'],
  },
  'count by probe': { kpi: 'upload', metric: 'count', breakdowns: ['probe'] },
  'avg by campaign (a list)': { kpi: 'download', breakdowns: ['campaign'], granularity: 'month' },
  'p90 by universe (a list)': { kpi: 'download', metric: 'p90', breakdowns: ['universe'] },
  'count by tag and cluster': { kpi: 'download', metric: 'count', breakdowns: ['tag', 'cluster'] },
  'first by ISP and technology by month': {
    kpi: 'jitter',
    metric: 'first',
    breakdowns: ['isp', 'technology'],
    granularity: 'month',
  },
  'last by program, destination, fringe': {
    kpi: 'jitter',
    metric: 'last',
    breakdowns: ['program', 'destination', 'fringe'],
  },
  'ISPs included': { kpi: 'download', isps: ['provider-movistar', 'provider-orange'], breakdowns: ['isp'] },
  'ISPs excluded': {
    kpi: 'download',
    isps: ['provider-digi'],
    ispsCond: 'exclude',
    breakdowns: ['isp'],
    granularity: 'week',
  },
  'tags included, by tag': { kpi: 'download', tags: ['gold'], breakdowns: ['tag'] },
  'tags excluded': { kpi: 'download', metric: 'count', tags: ['beta'], tagsCond: 'exclude', breakdowns: ['tag'] },
  'technologies included': { kpi: 'latency', technologies: [4, 5], breakdowns: ['technology'] },
  'technologies excluded': { kpi: 'latency', metric: 'max', technologies: [98], technologiesCond: 'exclude' },
  'args included': { kpi: 'latency', args: ['madrid-1'], breakdowns: ['destination'] },
  'args excluded': { kpi: 'latency', metric: 'count', args: ['madrid-1'], argsCond: 'exclude', granularity: 'day' },
  'fringes included': { kpi: 'download', fringes: [0], breakdowns: ['fringe'] },
  'fringes excluded': {
    kpi: 'download',
    metric: 'count',
    fringes: [2],
    fringesCond: 'exclude',
    breakdowns: ['fringe'],
  },
  'programs, probes, campaigns, universes, clusters': {
    kpi: 'download',
    metric: 'count',
    programs: ['speedtest'],
    probes: ['p01', 'p02', 'p05', 'p06', 'p09'],
    campaigns: ['centro'],
    breakdowns: ['campaign'],
  },
  'universes and clusters': { kpi: 'download', universes: ['premium'], clusters: ['k1'], breakdowns: ['universe'] },
  'hour window': { kpi: 'download', hourStart: 8, hourEnd: 17, granularity: 'weekday' },
  'hour window across midnight': {
    kpi: 'download',
    metric: 'count',
    hourStart: 22,
    hourEnd: 5,
    breakdowns: ['fringe'],
  },
  'conditions joined by and': {
    kpi: 'download',
    conditions: {
      and: [
        { kpi: 'latency', operator: 'lt', value: 30 },
        { kpi: 'upload', operator: 'gte', value: 10 },
      ],
    },
    breakdowns: ['isp'],
  },
  'conditions joined by or, with eq and gt': {
    kpi: 'download',
    metric: 'count',
    conditions: {
      or: [
        { kpi: 'latency', operator: 'eq', value: 20 },
        { kpi: 'download', operator: 'gt', value: 100 },
      ],
    },
  },
  'not, keeping measurements without the KPI': {
    kpi: 'download',
    metric: 'count',
    conditions: { not: { kpi: 'jitter', operator: 'gt', value: 5 } },
    breakdowns: ['technology'],
  },
  not_exists: { kpi: 'download', metric: 'count', conditions: { kpi: 'loss', operator: 'not_exists' } },
  'nested conditions': {
    kpi: 'upload',
    metric: 'avg',
    conditions: {
      and: [
        {
          or: [
            { kpi: 'loss', operator: 'not_exists' },
            { kpi: 'loss', operator: 'lte', value: 1 },
          ],
        },
        { not: { kpi: 'latency', operator: 'gte', value: 900 } },
      ],
    },
    granularity: 'month',
  },
  'outliers removed': { kpi: 'latency', metric: 'max', outliers: true, breakdowns: ['isp'] },
  'outliers removed, 2σ, avg by day': { kpi: 'latency', outliers: true, outlierDeviations: 2, granularity: 'day' },
  'moving average': { kpi: 'download', granularity: 'day', movingAverage: 7, breakdowns: ['technology'] },
  'global average and median': { kpi: 'download', granularity: 'week', globalAverage: true, median: true },
  'ordered descending': { kpi: 'download', breakdowns: ['probe'], ordered: true, sortOrder: 'descending' },
  'ordered ascending, by month': { kpi: 'latency', breakdowns: ['isp'], ordered: true, granularity: 'month' },
  'date range over the DST change in Madrid, by hour': {
    kpi: 'download',
    metric: 'count',
    tsStart: '2026-03-28',
    tsEnd: '2026-03-30',
    granularity: 'hours',
  },
  'date range in another time zone, by day': {
    kpi: 'download',
    tsStart: '2026-04-01',
    tsEnd: '2026-04-03',
    timeZone: 'America/New_York',
    granularity: 'day',
  },
  'date range by instants': {
    kpi: 'download',
    metric: 'count',
    tsStart: '2026-03-10T12:30:00+01:00',
    tsEnd: '2026-03-20T08:00:00Z',
    granularity: 'day',
  },
  'boxplot by month': { graphicType: 'boxplot', axes: { value: 'download' }, granularity: 'month' },
  'boxplot by technology': {
    graphicType: 'boxplot',
    axes: { value: 'latency' },
    breakdowns: ['technology'],
    outliers: true,
  },
  scatterplot: { graphicType: 'scatterplot', axes: { x: 'download', y: 'latency' }, seed: 7 },
  'scatterplot per universe': {
    graphicType: 'scatterplot',
    axes: { x: 'download', y: 'upload' },
    breakdowns: ['universe'],
    seed: 7,
  },
  'scatterplot per campaign': {
    graphicType: 'scatterplot',
    axes: { x: 'download', y: 'jitter' },
    breakdowns: ['campaign'],
    campaigns: ['centro'],
    seed: 11,
  },
  'table of ISP rows by technology columns': {
    graphicType: 'table',
    axes: { rows: 'isp', columns: 'technology', value: 'download' },
  },
  'table of month rows by campaign columns (a list), median': {
    graphicType: 'table',
    axes: { rows: 'time', columns: 'campaign', value: 'latency' },
    metric: 'median',
    granularity: 'month',
  },
  'table of weekday rows by ISP columns, transposed': {
    graphicType: 'table',
    axes: { rows: 'time', columns: 'isp', value: 'upload' },
    granularity: 'weekday',
    display: { transpose: true },
  },
  'table of tag rows by fringe columns, count, excluding ISPs': {
    graphicType: 'table',
    axes: { rows: 'tag', columns: 'fringe', value: 'download' },
    metric: 'count',
    isps: ['provider-digi'],
    ispsCond: 'exclude',
  },
  'basic generator, pie by ISP, display options': {
    generator: 'basic',
    graphicType: 'pie',
    kpi: 'download',
    breakdowns: ['isp'],
    display: { orientation: 'landscape', graphicDistribution: 'stacked', labelRotation: 45, minY: 0, maxY: 500 },
  },
  'connected devices between 2 and 6': { kpi: 'download', connectedDevices: { min: 2, max: 6 }, granularity: 'week' },
  'at least 10 connected devices, count by ISP': {
    kpi: 'latency',
    metric: 'count',
    connectedDevices: { min: 10 },
    breakdowns: ['isp'],
  },
  'at most 1 connected device, boxplot': {
    graphicType: 'boxplot',
    axes: { value: 'upload' },
    connectedDevices: { max: 1 },
  },
  'advanced generator, boxplot by ISP': {
    generator: 'advanced',
    graphicType: 'boxplot',
    axes: { value: 'jitter' },
    breakdowns: ['isp'],
  },
};

function expectEquivalent(es: QueryResult, sql: QueryResult) {
  expect(es.kind).toBe(sql.kind);
  expect(es.warnings).toEqual(sql.warnings);
  expect(es.series.map((series) => series.key)).toEqual(sql.series.map((series) => series.key));
  if (es.kind === 'metric' && sql.kind === 'metric') {
    const tolerance = toleranceOf(sql.metric);
    // Means of bucket values are sums in floating point: to 1e-9 even when the bucket values are exact.
    const derived = Math.max(tolerance, averageTolerance);
    es.series.forEach((series, index) => {
      const other = sql.series[index]!;
      const where = JSON.stringify(series.key);
      expect(series.buckets.map((b) => [b.key, b.count])).toEqual(other.buckets.map((b) => [b.key, b.count]));
      series.buckets.forEach((bucket, position) => {
        const expected = other.buckets[position]!;
        expectClose(bucket.value, expected.value, tolerance, `${where} ${bucket.key}`);
        expectClose(bucket.movingAverage, expected.movingAverage, derived, `${where} ${bucket.key} moving average`);
      });
      expectClose(series.globalAverage, other.globalAverage, derived, `${where} global average`);
      expectClose(series.globalMedian, other.globalMedian, derived, `${where} global median`);
    });
    expect(es.matrix === undefined).toBe(sql.matrix === undefined);
    if (es.matrix && sql.matrix) {
      const { values, ...headers } = es.matrix;
      const { values: expected, ...expectedHeaders } = sql.matrix;
      expect(headers).toEqual(expectedHeaders);
      values.forEach((row, r) => {
        row.forEach((cell, c) => {
          expect(cell === null, `cell ${r},${c} empty`).toBe(expected[r]![c] === null);
          if (cell !== null) expectClose(cell, expected[r]![c]!, tolerance, `cell ${r},${c}`);
        });
      });
    }
  }
  if (es.kind === 'boxplot' && sql.kind === 'boxplot') {
    es.series.forEach((series, index) => {
      const other = sql.series[index]!;
      expect(series.buckets.map((b) => [b.key, b.count, b.min, b.max])).toEqual(
        other.buckets.map((b) => [b.key, b.count, b.min, b.max]),
      );
      series.buckets.forEach((bucket, position) => {
        for (const quartile of ['q1', 'median', 'q3'] as const)
          expectClose(bucket[quartile], other.buckets[position]![quartile], percentileTolerance, quartile);
      });
    });
  }
  if (es.kind === 'scatterplot' && sql.kind === 'scatterplot') {
    expect([es.seed, es.sampleSize]).toEqual([sql.seed, sql.sampleSize]);
    es.series.forEach((series, index) => {
      const other = sql.series[index]!;
      expect(series.total).toBe(other.total);
      expect(series.points.length).toBe(Math.min(series.total, es.sampleSize));
      // Below the cap every matching measurement is drawn, whichever the engine's hash.
      if (series.total <= es.sampleSize) expect(series.points).toEqual(other.points);
    });
  }
}

function expectRealPoints(result: QueryResult, axes: { x: KpiId; y: KpiId }) {
  if (result.kind !== 'scatterplot') return;
  for (const point of result.series.flatMap((series) => series.points)) {
    const measurement = byId.get(point.measurementId) as EnrichedMeasurement;
    expect([point.x, point.y, point.probeId, point.measuredAt]).toEqual([
      measurement.kpis[axes.x],
      measurement.kpis[axes.y],
      measurement.probeId,
      measurement.measuredAt,
    ]);
  }
}

describe('analytics engine equivalence: Elasticsearch and SQL over one seeded dataset', () => {
  let stores: Awaited<ReturnType<typeof seedBothStores>>;
  let engines: { es: AnalyticsEngine; sql: AnalyticsEngine };
  let capped: { es: AnalyticsEngine; sql: AnalyticsEngine };

  beforeAll(async () => {
    stores = await seedBothStores(dataset);
    engines = { es: createElasticsearchAnalytics(stores.elasticsearch), sql: createSqlAnalytics(stores.sql) };
    capped = {
      es: createElasticsearchAnalytics(stores.elasticsearch, { sampleSize: cappedSampleSize }),
      sql: createSqlAnalytics(stores.sql, { sampleSize: cappedSampleSize }),
    };
  });

  afterAll(async () => stores?.close());

  const both = async (input: QueryIrInput, scope = everything, pair = engines) => {
    const ir = queryIrSchema.parse({ ...month, ...input });
    const [es, sqlResult] = await Promise.all([pair.es.run(ir, scope), pair.sql.run(ir, scope)]);
    return { es, sql: sqlResult };
  };

  it.each(Object.entries(shapes))('%s', async (_, input) => {
    const { es, sql: sqlResult } = await both(input);
    expectEquivalent(es, sqlResult);
    expect(sqlResult.series.length, 'the shape selects something').toBeGreaterThan(0);
    if (input.axes?.x && input.axes.y) expectRealPoints(sqlResult, { x: input.axes.x, y: input.axes.y });
  });

  it('answers the filters as asked: excluded values and series outside an include list are absent', async () => {
    const excluded = await both(shapes['ISPs excluded']!);
    // ISPs are providers: one series per provider, whatever the letter case of the names reported.
    expect(excluded.sql.series.map((series) => series.key.isp)).toEqual([
      'provider-movistar',
      'provider-orange',
      'provider-vodafone',
    ]);
    const centro = await both(shapes['programs, probes, campaigns, universes, clusters']!);
    expect(centro.es.series.map((series) => series.key)).toEqual([{ campaign: 'centro' }]);
    const wrapped = await both(shapes['hour window across midnight']!);
    expect(wrapped.sql.series.map((series) => series.key.fringe)).toEqual([2]);
  });

  it('lays a table out by rows and columns from its series, and swaps them when transposed', async () => {
    const input = shapes['table of ISP rows by technology columns']!;
    const { sql: plain } = await both(input);
    const { es, sql: transposed } = await both({ ...input, display: { transpose: true } });
    expectEquivalent(es, transposed);
    if (plain.kind !== 'metric' || transposed.kind !== 'metric') throw new Error('a table is a metric');
    const matrix = plain.matrix!;
    expect([matrix.rows, matrix.columns]).toEqual(['isp', 'technology']);
    expect(matrix.rowKeys).toEqual([...new Set(plain.series.map((series) => series.key.isp))].sort());
    for (const series of plain.series) {
      const row = matrix.rowKeys.indexOf(series.key.isp!);
      const column = matrix.columnKeys.indexOf(series.key.technology!);
      expect(matrix.values[row]![column]).toBe(series.buckets[0]!.value);
    }
    expect(matrix.values.flat().some((cell) => cell === null)).toBe(matrix.values.flat().length > plain.series.length);
    expect(transposed.matrix).toEqual({
      rows: 'technology',
      columns: 'isp',
      rowKeys: matrix.columnKeys,
      columnKeys: matrix.rowKeys,
      values: matrix.columnKeys.map((_, column) => matrix.rowKeys.map((_, row) => matrix.values[row]![column])),
    });
  });

  it('counts only the measurements taken with the connected devices asked for', async () => {
    const counted = (result: QueryResult) =>
      result.kind === 'metric' ? result.series.reduce((sum, series) => sum + series.buckets[0]!.count, 0) : 0;
    const inMonth = dataset.filter(
      (m) => m.measuredAt >= '2026-02-28T23:00:00Z' && m.measuredAt <= '2026-04-30T21:59:59.999Z',
    );
    const expected = inMonth.filter(
      (m) => m.connectedDevices !== undefined && m.connectedDevices >= 3 && m.connectedDevices <= 5,
    );
    const { es, sql: sqlResult } = await both({
      kpi: 'download',
      metric: 'count',
      connectedDevices: { min: 3, max: 5 },
    });
    expect(counted(sqlResult)).toBe(expected.length);
    expect(counted(es)).toBe(expected.length);
  });

  it('removes outliers: the largest latencies go, the rest stays', async () => {
    const kept = await both({ kpi: 'latency', metric: 'max', outliers: true });
    const all = await both({ kpi: 'latency', metric: 'max' });
    expectEquivalent(kept.es, kept.sql);
    const value = (result: QueryResult) => (result.kind === 'metric' ? result.series[0]!.buckets[0]!.value : 0);
    expect(value(all.sql)).toBeGreaterThanOrEqual(900);
    expect(value(kept.sql)).toBeLessThan(900);
  });

  it('caps a scatterplot sample per series, reproducibly by seed', async () => {
    const input: QueryIrInput = {
      graphicType: 'scatterplot',
      axes: { x: 'download', y: 'upload' },
      breakdowns: ['universe'],
      seed: 3,
    };
    const first = await both(input, everything, capped);
    const again = await both(input, everything, capped);
    const reseeded = await both({ ...input, seed: 4 }, everything, capped);
    expectEquivalent(first.es, first.sql);
    for (const engine of ['es', 'sql'] as const) {
      const result = first[engine];
      expect(result.kind === 'scatterplot' && result.series.every((series) => series.total > cappedSampleSize)).toBe(
        true,
      );
      expect(result.warnings).toEqual([{ code: 'graphics.scatterplotSampled' }]);
      expect(again[engine]).toEqual(result);
      expect(reseeded[engine].series).not.toEqual(result.series);
      expectRealPoints(result, { x: 'download', y: 'upload' });
    }
  });

  it('picks and reports a seed when the request has none', async () => {
    const { es } = await both({ graphicType: 'scatterplot', axes: { x: 'download', y: 'upload' } });
    expect(es.kind === 'scatterplot' && Number.isInteger(es.seed)).toBe(true);
  });

  it('intersects the profile scope on both engines', async () => {
    const scope: AnalyticsScope = {
      timeZone: datasetTimeZone,
      technologies: [4, 5],
      isps: ['provider-movistar', 'provider-vodafone'],
      campaigns: ['madrid'],
      from: '2026-03-01T00:00:00Z',
      to: '2026-04-15T23:59:59Z',
    };
    const input: QueryIrInput = {
      kpi: 'download',
      metric: 'count',
      breakdowns: ['isp', 'technology', 'campaign'],
      tsStart: undefined,
      tsEnd: undefined,
    };
    const scoped = await both(input, scope);
    expectEquivalent(scoped.es, scoped.sql);
    const keys = scoped.sql.series.map((series) => series.key);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(['provider-movistar', 'provider-vodafone']).toContain(key.isp);
      expect([4, 5]).toContain(key.technology);
      expect(key.campaign).toBe('madrid');
    }
    const excludedAll = await both(
      { ...input, isps: ['provider-movistar', 'provider-vodafone'], ispsCond: 'exclude' },
      scope,
    );
    expect(excludedAll.es).toEqual({
      kind: 'metric',
      metric: 'count',
      series: [],
      warnings: [{ code: 'graphics.noData' }],
    });
    expect(excludedAll.sql).toEqual(excludedAll.es);
    await expect(both({ kpi: 'download', tsStart: '2026-04-10', tsEnd: '2026-04-20' }, scope)).rejects.toMatchObject({
      code: 'profiles.outOfDateLimits',
    });
  });

  it('answers no data from an alias no measurement has created yet', async () => {
    const empty = createElasticsearchAnalytics({
      client: stores.elasticsearch.client,
      alias: `${stores.indexPrefix}-none-measurements`,
    });
    const ir = queryIrSchema.parse({ kpi: 'download', breakdowns: ['isp'] });
    expect(await empty.run(ir, everything)).toEqual({
      kind: 'metric',
      metric: 'avg',
      series: [],
      warnings: [{ code: 'graphics.noData' }],
    });
  });

  it('cancels an Elasticsearch query when the request is aborted', async () => {
    const controller = new AbortController();
    const ir = queryIrSchema.parse({ kpi: 'download', granularity: 'minutes', breakdowns: ['probe'] });
    const running = engines.es.run(ir, everything, { signal: controller.signal });
    controller.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
  });
});
