import { cubeDimensions, type QueryResult, queryIrSchema } from '@nq/contracts';
import type { LogPort } from '@nq/platform/log/log-port';
import { type CubeDefinition, type CubeStore, elasticsearchCubeStore, sqlCubeStore } from '@nq/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsEngine } from '../analytics/analytics-engine.ts';
import { createElasticsearchAnalytics } from '../analytics/elasticsearch-analytics.ts';
import { expectEquivalent, seedBothStores } from '../analytics/engine-equivalence.fixture.ts';
import { shapes } from '../analytics/engine-equivalence.shapes.ts';
import type { AnalyticsScope } from '../analytics/scope-query.ts';
import { datasetTimeZone, seededMeasurements } from '../analytics/seeded-measurements.ts';
import { createSqlAnalytics } from '../analytics/sql-analytics.ts';
import { fixedCubeDefinitions } from './cube-definitions.ts';
import { rebuildCube } from './cube-rebuild.ts';
import { type CubeAggregate, cubeRouting } from './cube-routing.ts';
import { elasticsearchCubeAnalytics } from './elasticsearch-cube-analytics.ts';
import { sqlCubeAnalytics } from './sql-cube-analytics.ts';

// Every query shape a cube covers is answered from it as raw measurements answer it — count, sum, min,
// max, avg, first, last and unique counts exact, percentiles within the sketch's 1 % — on both engines.

const dataset = seededMeasurements();
const everything: AnalyticsScope = { timeZone: datasetTimeZone };

const hourly: CubeDefinition = {
  id: 'cube-hourly',
  name: 'hourly',
  grain: 'hour',
  timeZone: 'UTC',
  dimensions: [...cubeDimensions],
  kpis: [],
};
const daily: CubeDefinition = {
  id: 'cube-daily',
  name: 'daily',
  grain: 'day',
  timeZone: datasetTimeZone,
  dimensions: ['isp', 'technology', 'program'],
  kpis: ['download', 'latency'],
};
const cubes = [hourly, daily];
const fixedDefinitions = fixedCubeDefinitions(cubes);
/** No stream here: every measurement was written directly, so the rebuild counts them all. */
const noStream = { groupLag: async () => [] } as unknown as LogPort;

/** What a shape must be answered from, when the suite names it. */
const expectedSource: Record<string, string> = {
  'avg by ISP': 'cube daily',
  'median of latency by day': 'cube daily',
  'avg by hours': 'cube hourly',
  'avg by day': 'cube daily',
  'avg by weekday': 'cube hourly',
  'avg by minutes': 'raw',
  'count by probe': 'cube hourly',
  'avg by campaign (a list)': 'cube hourly',
  'hour window': 'cube hourly',
  'conditions joined by and': 'raw',
  'outliers removed': 'raw',
  'date range in another time zone, by day': 'cube hourly',
  'date range by instants': 'raw',
  'boxplot by month': 'cube daily',
  scatterplot: 'raw',
  'table of ISP rows by technology columns': 'cube daily',
  'sources included, by source (the panel stored with or without one)': 'cube hourly',
  'table of source rows by technology columns': 'cube hourly',
};

describe('cubes answer as raw measurements do', { timeout: 300_000 }, () => {
  let stores: Awaited<ReturnType<typeof seedBothStores>>;
  const engines: Record<'es' | 'sql', { raw: AnalyticsEngine; cubed: AnalyticsEngine; store: CubeStore }> = {} as never;

  const build = async (store: CubeStore, raw: AnalyticsEngine, refresh: () => Promise<void>) => {
    for (const cube of cubes)
      await rebuildCube({
        cube,
        store,
        engine: raw,
        log: noStream,
        ingest: { groupId: 'none', topic: 'none' },
        refresh,
        from: '2025-12-01T00:00:00Z',
        to: '2027-01-01T00:00:00Z',
      });
  };

  beforeAll(async () => {
    stores = await seedBothStores(dataset);
    const { client, alias } = stores.elasticsearch;
    const esStore = elasticsearchCubeStore(client, alias);
    const esRaw = createElasticsearchAnalytics(stores.elasticsearch);
    await build(esStore, esRaw, async () => void (await client.indices.refresh({ index: alias })));
    await client.indices.refresh({ index: esStore.index });
    const route = (aggregate: CubeAggregate) => cubeRouting({ definitions: fixedDefinitions, aggregate });
    engines.es = {
      raw: esRaw,
      store: esStore,
      cubed: createElasticsearchAnalytics(stores.elasticsearch, {
        cubes: route(elasticsearchCubeAnalytics({ client, index: esStore.index })),
      }),
    };
    const sqlStore = await sqlCubeStore(stores.sql);
    const sqlRaw = createSqlAnalytics(stores.sql);
    await build(sqlStore, sqlRaw, async () => {});
    engines.sql = {
      raw: sqlRaw,
      store: sqlStore,
      cubed: createSqlAnalytics(stores.sql, { cubes: route(sqlCubeAnalytics(stores.sql)) }),
    };
  });
  afterAll(async () => {
    await stores?.elasticsearch.client.indices
      .delete({ index: `${stores.elasticsearch.alias.replace(/-measurements$/, '')}-cube-rows` })
      .catch(() => undefined);
    await stores?.close();
  });

  for (const engine of ['es', 'sql'] as const) {
    it(`${engine}: every shape a cube covers agrees with raw, and the answer names its source`, async () => {
      const sources = new Map<string, string>();
      for (const [name, input] of Object.entries(shapes)) {
        const ir = queryIrSchema.parse(input);
        const [raw, cubed] = await Promise.all([
          engines[engine].raw.run(ir, everything),
          engines[engine].cubed.run(ir, everything),
        ]);
        expect(raw.source, name).toBe('raw');
        sources.set(name, cubed.source!);
        if (cubed.kind === 'scatterplot') continue;
        try {
          expectEquivalent(cubed, raw as QueryResult);
        } catch (error) {
          throw new Error(`${name} (${cubed.source}): ${(error as Error).message}`);
        }
      }
      for (const [name, source] of Object.entries(expectedSource)) expect(sources.get(name), name).toBe(source);
      const fromCubes = [...sources.values()].filter((source) => source.startsWith('cube ')).length;
      console.info(`${engine}: ${fromCubes} of ${sources.size} query shapes answered from a cube`);
    });

    it(`${engine}: a cube holds every measurement once (its counts sum to the dataset's KPI values)`, async () => {
      const ir = queryIrSchema.parse({ kpi: 'download', metric: 'count' });
      const [raw, cubed] = await Promise.all([
        engines[engine].raw.run(ir, everything),
        engines[engine].cubed.run(ir, everything),
      ]);
      expect(cubed.source).toBe('cube daily');
      expect(cubed.kind === 'metric' && cubed.series[0]!.buckets[0]!.value).toBe(
        dataset.filter((measurement) => measurement.kpis.download !== undefined).length,
      );
      expect(cubed.series).toEqual(raw.series);
    });
  }
});
