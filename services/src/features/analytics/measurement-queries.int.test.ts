import {
  type Dimension,
  type EnrichedMeasurement,
  type Metric,
  type RowSortField,
  rowSortFields,
  selectionFields,
} from '@nq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsEngine, Tile } from './analytics-engine.ts';
import { createElasticsearchAnalytics } from './elasticsearch-analytics.ts';
import { expectClose, seedBothStores, toleranceOf } from './engine-equivalence.fixture.ts';
import type { AnalyticsScope, Selection } from './scope-query.ts';
import { datasetTimeZone, seededMeasurements } from './seeded-measurements.ts';
import { createSqlAnalytics } from './sql-analytics.ts';

// The map tiles, groups, pages and scans of measurements on both engines over one seeded dataset, compared
// with each other and with the same answer computed here from the dataset itself.

const dataset = seededMeasurements();
const everything: AnalyticsScope = { timeZone: datasetTimeZone };
const all = selectionFields.parse({});
const selecting = (filter: object = {}, more: Omit<Selection, 'filter'> = {}): Selection => ({
  filter: selectionFields.parse(filter),
  ...more,
});

/** The web-mercator tile of a point, as Elasticsearch's geotile_grid numbers them. */
function tileOf({ lat, lon }: { lat: number; lon: number }, zoom: number) {
  const tiles = 2 ** zoom;
  const clip = (value: number) => Math.min(Math.max(Math.floor(value), 0), tiles - 1);
  const sine = Math.sin((lat * Math.PI) / 180);
  return `${clip(((lon + 180) / 360) * tiles)}/${clip((0.5 - Math.log((1 + sine) / (1 - sine)) / (4 * Math.PI)) * tiles)}`;
}

const countsBy = <T>(items: readonly T[], keyOf: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
  return counts;
};

const byTimeAndId = (a: EnrichedMeasurement, b: EnrichedMeasurement) =>
  (a.measuredAt === b.measuredAt ? 0 : a.measuredAt < b.measuredAt ? -1 : 1) ||
  (a.measurementId < b.measurementId ? -1 : 1);

describe('measurement queries on both engines: map tiles, groups, pages and scans', () => {
  let stores: Awaited<ReturnType<typeof seedBothStores>>;
  let engines: { es: AnalyticsEngine; sql: AnalyticsEngine };

  beforeAll(async () => {
    stores = await seedBothStores(dataset);
    engines = { es: createElasticsearchAnalytics(stores.elasticsearch), sql: createSqlAnalytics(stores.sql) };
  });
  afterAll(async () => stores?.close());

  const onBoth = async <T>(query: (engine: AnalyticsEngine) => Promise<T>) => {
    const [es, sql] = await Promise.all([query(engines.es), query(engines.sql)]);
    return { es, sql };
  };

  function expectSameTiles(es: Tile[], sql: Tile[], metric: Metric) {
    expect(es.map((tile) => [tile.x, tile.y, tile.count])).toEqual(sql.map((tile) => [tile.x, tile.y, tile.count]));
    es.forEach((tile, index) => {
      expectClose(tile.value, sql[index]!.value, toleranceOf(metric), `${tile.x}/${tile.y}`);
    });
  }

  it.each([0, 5, 10, 13, 16])('tiles at zoom %i: the geotile_grid tiles and their averages', async (zoom) => {
    const { es, sql } = await onBoth((engine) =>
      engine.tiles({ filter: all, kpi: 'download' }, everything, { zoom, metric: 'avg' }),
    );
    expectSameTiles(es, sql, 'avg');
    const located = dataset.filter((measurement) => measurement.location);
    expect(located.length).toBeLessThan(dataset.length);
    const expected = countsBy(located, (measurement) => tileOf(measurement.location!, zoom));
    expect(new Map(sql.map((tile) => [`${tile.x}/${tile.y}`, tile.count]))).toEqual(expected);
  });

  it.each(['count', 'median', 'max', 'first', 'last', 'uniqueCount'] as const)('tiles of the %s', async (metric) => {
    const { es, sql } = await onBoth((engine) =>
      engine.tiles({ filter: all, kpi: 'latency' }, everything, { zoom: 12, metric }),
    );
    expect(sql.length).toBeGreaterThan(1);
    expectSameTiles(es, sql, metric);
  });

  it('tiles within the filters and the profile scope', async () => {
    const scope: AnalyticsScope = { ...everything, technologies: [4, 5], kpis: ['jitter'] };
    const selection = selecting({
      isps: ['provider-movistar', 'provider-orange'],
      tsStart: '2026-03-10',
      tsEnd: '2026-04-10',
    });
    const { es, sql } = await onBoth((engine) =>
      engine.tiles({ ...selection, kpi: 'jitter' }, scope, { zoom: 11, metric: 'p90' }),
    );
    expectSameTiles(es, sql, 'p90');
    const total = sql.reduce((sum, tile) => sum + tile.count, 0);
    expect(total).toBe(await engines.sql.count({ ...selection, kpi: 'jitter', located: true }, scope));
    const outOfScope = await onBoth((engine) =>
      engine.tiles({ ...selection, kpi: 'download' }, scope, { zoom: 11, metric: 'avg' }),
    );
    expect(outOfScope).toEqual({ es: [], sql: [] });
  });

  const groupings: Dimension[][] = [
    [],
    ['status'],
    ['program', 'testType'],
    ['isp', 'technology'],
    ['campaign'],
    ['probe', 'source'],
  ];
  it.each(groupings.map((by) => [by.join(', ') || 'nothing', by] as const))('groups by %s', async (_, by) => {
    const { es, sql } = await onBoth((engine) => engine.groups(selecting(), everything, by));
    expect(es).toEqual(sql);
    expect(sql.length).toBeGreaterThan(0);
    if (by.length === 1 && by[0] === 'status') {
      const expected = countsBy(dataset, (measurement) => measurement.status);
      expect(new Map(sql.map((group) => [group.key.status, group.count]))).toEqual(expected);
      const latest = dataset
        .filter((m) => m.status === 'Valid')
        .sort(byTimeAndId)
        .at(-1)!;
      expect(sql.find((group) => group.key.status === 'Valid')?.lastMeasuredAt).toBe(latest.measuredAt);
    }
  });

  it("groups by a list dimension's values kept by an include filter only", async () => {
    const { es, sql } = await onBoth((engine) =>
      engine.groups(selecting({ campaigns: ['centro'] }), everything, ['campaign']),
    );
    expect(es).toEqual(sql);
    expect(sql.map((group) => group.key.campaign)).toEqual(['centro']);
  });

  it('counts the located measurements, the ones having a KPI and those of a result section', async () => {
    const counts = await onBoth(async (engine) => [
      await engine.count(selecting(), everything),
      await engine.count(selecting({}, { located: true }), everything),
      await engine.count(selecting({}, { kpi: 'loss' }), everything),
      await engine.count(
        selecting({}, { where: [{ dimension: 'status', mode: 'include', values: ['Error', 'Invalid'] }] }),
        everything,
      ),
    ]);
    expect(counts.es).toEqual(counts.sql);
    expect(counts.sql).toEqual([
      dataset.length,
      dataset.filter((m) => m.location).length,
      dataset.filter((m) => m.kpis.loss !== undefined).length,
      dataset.filter((m) => m.status === 'Error' || m.status === 'Invalid').length,
    ]);
  });

  const orders = rowSortFields.flatMap((sort) => (['asc', 'desc'] as const).map((order) => [sort, order] as const));
  it.each(orders)('a page sorted by %s %s', async (sort: RowSortField, order) => {
    const selection = selecting({ isps: ['provider-movistar', 'provider-orange'] });
    const page = { sort, order, offset: 40, limit: 25 };
    const { es, sql } = await onBoth((engine) => engine.rows(selection, everything, page));
    const ids = (rows: EnrichedMeasurement[]) => rows.map((row) => row.measurementId);
    expect(ids(es.rows)).toEqual(ids(sql.rows));
    expect(es.total).toBe(sql.total);
    expect(sql.total).toBe(
      dataset.filter((m) => m.ispId === 'provider-movistar' || m.ispId === 'provider-orange').length,
    );
    expect(sql.rows).toHaveLength(25);
    expect(sql.rows[0]).toEqual(dataset.find((m) => m.measurementId === sql.rows[0]!.measurementId));
  });

  it('scans every selected measurement once, oldest first, in batches', async () => {
    const selection = selecting(
      { isps: ['provider-digi'] },
      { where: [{ dimension: 'status', mode: 'exclude', values: ['Pending'] }] },
    );
    const scanned = await onBoth(async (engine) => {
      const batches: string[][] = [];
      for await (const batch of engine.scan(selection, everything, { batchSize: 97 }))
        batches.push(batch.map((row) => row.measurementId));
      return batches;
    });
    expect(scanned.es).toEqual(scanned.sql);
    const expected = dataset
      .filter((m) => m.ispId === 'provider-digi' && m.status !== 'Pending')
      .sort(byTimeAndId)
      .map((m) => m.measurementId);
    expect(scanned.sql.flat()).toEqual(expected);
    expect(scanned.sql.slice(0, -1).every((batch) => batch.length === 97)).toBe(true);
  });

  it('answers nothing from a scope that leaves nothing to see, without asking the engine', async () => {
    const scope: AnalyticsScope = { ...everything, isps: ['provider-movistar'] };
    const selection = selecting({ isps: ['provider-digi'] });
    const answers = await onBoth(async (engine) => [
      await engine.rows(selection, scope, { sort: 'measuredAt', order: 'desc', offset: 0, limit: 10 }),
      await engine.groups(selection, scope, ['isp']),
      await engine.count(selection, scope),
    ]);
    expect(answers.es).toEqual([{ total: 0, rows: [] }, [], 0]);
    expect(answers.sql).toEqual(answers.es);
  });

  it('cancels a scan when the request is aborted', async () => {
    const controller = new AbortController();
    const scan = engines.es.scan(selecting(), everything, { batchSize: 10, signal: controller.signal });
    await scan.next();
    controller.abort();
    await expect(scan.next()).rejects.toMatchObject({ name: 'AbortError' });
  });

  /** The engine over Elasticsearch, telling the points in time its scans open. */
  function recordingPits() {
    const opened: string[] = [];
    const { client } = stores.elasticsearch;
    const recording = new Proxy(client, {
      get(target, property, receiver) {
        if (property !== 'openPointInTime') return Reflect.get(target, property, receiver);
        return async (...args: Parameters<typeof client.openPointInTime>) => {
          const answer = await target.openPointInTime(...args);
          opened.push(answer.id);
          return answer;
        };
      },
    });
    const engine = createElasticsearchAnalytics({ client: recording, alias: stores.elasticsearch.alias });
    /** Whether Elasticsearch still holds the point in time open. */
    const isOpen = async (id: string) =>
      client.search({ pit: { id }, size: 0 }).then(
        () => true,
        (error: { statusCode?: number }) => (error.statusCode === 404 ? false : Promise.reject(error)),
      );
    return { engine, opened, isOpen };
  }

  it('scans one snapshot on Elasticsearch: a measurement written meanwhile is not read, and the snapshot is closed', async () => {
    const { engine, opened, isOpen } = recordingPits();
    const late = { ...dataset[0]!, measurementId: 'written-during-the-scan', measuredAt: '2030-01-01T00:00:00.000Z' };
    const scan = engine.scan(selecting(), everything, { batchSize: 50 });
    const ids = ((await scan.next()).value as EnrichedMeasurement[]).map((row) => row.measurementId);
    expect(opened).toHaveLength(1);
    expect(await isOpen(opened[0]!)).toBe(true);
    const { client, alias } = stores.elasticsearch;
    try {
      expect(await stores.elasticsearch.write([late])).toEqual({ failed: [] });
      await client.indices.refresh({ index: alias });
      for await (const batch of scan) ids.push(...batch.map((row) => row.measurementId));
    } finally {
      // Its month's index holds it alone.
      await client.indices.delete({ index: `${alias}-2030.01` });
    }
    expect(ids).toHaveLength(dataset.length);
    expect(ids).not.toContain(late.measurementId);
    expect(await isOpen(opened[0]!)).toBe(false);
  });

  it("fails a scan whose point in time Elasticsearch no longer holds with Elasticsearch's refusal", async () => {
    const { engine, opened } = recordingPits();
    const scan = engine.scan(selecting(), everything, { batchSize: 10 });
    await scan.next();
    await stores.elasticsearch.client.closePointInTime({ id: opened[0]! });
    // The page asked for ahead of time may still come from the point in time: the one after is refused.
    await expect(
      (async () => {
        for (;;) if ((await scan.next()).done) return;
      })(),
    ).rejects.toMatchObject({ name: 'ResponseError', statusCode: 404 });
  });

  it('closes the point in time of a scan aborted or left early', async () => {
    const { engine, opened, isOpen } = recordingPits();
    const controller = new AbortController();
    const aborted = engine.scan(selecting(), everything, { batchSize: 10, signal: controller.signal });
    await aborted.next();
    controller.abort();
    await expect(aborted.next()).rejects.toMatchObject({ name: 'AbortError' });
    for await (const _batch of engine.scan(selecting(), everything, { batchSize: 10 })) break;
    expect(opened).toHaveLength(2);
    expect(await Promise.all(opened.map(isOpen))).toEqual([false, false]);
  });
});
