import {
  type EnrichedMeasurement,
  type KpiId,
  type QueryIrInput,
  type QueryResult,
  queryIrSchema,
} from '@nq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsEngine } from './analytics-engine.ts';
import { createElasticsearchAnalytics } from './elasticsearch-analytics.ts';
import { expectEquivalent, seedBothStores } from './engine-equivalence.fixture.ts';
import { month, shapes } from './engine-equivalence.shapes.ts';
import type { AnalyticsScope } from './scope-query.ts';
import { datasetTimeZone, seededMeasurements } from './seeded-measurements.ts';
import { createSqlAnalytics } from './sql-analytics.ts';
import { startOf } from './zoned-time.ts';

// Every query shape runs on both engines over one seeded dataset and the answers are compared, within the
// fixture's tolerances.

const cappedSampleSize = 40;

const dataset = seededMeasurements();
const byId = new Map(dataset.map((measurement) => [measurement.measurementId, measurement]));
const everything: AnalyticsScope = { timeZone: datasetTimeZone };

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
    // Received until an instant: nothing that arrived later, whatever the measuring time.
    const { receivedUntil: _until, ...always } = shapes['data as received until an instant']!;
    const total = (result: Awaited<ReturnType<typeof both>>['sql']) =>
      result.kind === 'metric'
        ? result.series.flatMap((series) => series.buckets).reduce((sum, bucket) => sum + (bucket.value ?? 0), 0)
        : 0;
    const [until, all] = await Promise.all([both(shapes['data as received until an instant']!), both(always)]);
    const received = dataset.filter(
      (m) =>
        m.kpis.download !== undefined &&
        Date.parse(m.measuredAt) >= Date.parse(startOf(month.tsStart, datasetTimeZone)) &&
        Date.parse(m.receivedAt) <= Date.parse('2026-03-20T12:00:00Z'),
    ).length;
    expect(total(until.sql)).toBe(received);
    expect(total(all.sql)).toBeGreaterThan(received);
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

  it("counts a measurement stored without a source as the panel's, in filters and breakdowns alike", async () => {
    const inMonth = dataset.filter(
      (m) =>
        m.kpis.download !== undefined &&
        m.measuredAt >= '2026-02-28T23:00:00Z' &&
        m.measuredAt <= '2026-04-30T21:59:59.999Z',
    );
    const expected = (source: string) => inMonth.filter((m) => (m.source ?? 'panel') === source).length;
    expect(inMonth.filter((m) => m.source === undefined).length, 'some were stored without one').toBeGreaterThan(0);
    const counts = (result: QueryResult) =>
      result.kind === 'metric'
        ? Object.fromEntries(result.series.map((series) => [series.key.source, series.buckets[0]!.count]))
        : {};
    const bySource = await both({ kpi: 'download', metric: 'count', breakdowns: ['source'] });
    const everySource = { 'm-lab': expected('m-lab'), panel: expected('panel'), 'ripe-atlas': expected('ripe-atlas') };
    expect(counts(bySource.es)).toEqual(everySource);
    expect(counts(bySource.sql)).toEqual(everySource);
    const panel = await both({ kpi: 'download', metric: 'count', sources: ['panel'], breakdowns: ['source'] });
    expect([counts(panel.es), counts(panel.sql)]).toEqual([{ panel: expected('panel') }, { panel: expected('panel') }]);
    const publicData = await both({
      kpi: 'download',
      metric: 'count',
      sources: ['panel'],
      sourcesCond: 'exclude',
      breakdowns: ['source'],
    });
    const imported = { 'm-lab': expected('m-lab'), 'ripe-atlas': expected('ripe-atlas') };
    expect([counts(publicData.es), counts(publicData.sql)]).toEqual([imported, imported]);
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
    const { narrowedBy, ...answer } = excludedAll.es;
    expect(answer).toEqual({
      kind: 'metric',
      metric: 'count',
      series: [],
      warnings: [{ code: 'graphics.noData' }],
      source: 'raw',
    });
    // Each restriction took something away from a request over every value (all ISPs but two), and the profile's
    // dates bounded a request without any.
    expect(narrowedBy?.restrictions.map((restriction) => restriction.kind)).toEqual(['isp', 'technology', 'campaign']);
    expect(narrowedBy?.dates).toEqual({
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-04-15T23:59:59.000Z',
      timeZone: datasetTimeZone,
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
      source: 'raw',
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
