import { randomUUID } from 'node:crypto';
import { describeMeasurementStore, sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { openPgClient } from '@nq/platform/sql/pg-client';
import { createTestDatabase, infra } from '@nq/platform/testing/infra';
import { describe, expect, it } from 'vitest';
import { openElasticsearchMeasurementStore } from './elasticsearch-measurement-store.ts';
import { measurementMappings } from './measurement-index-template.ts';
import { openSqlMeasurementStore } from './sql-measurement-store.ts';

describeMeasurementStore('Elasticsearch', () =>
  openElasticsearchMeasurementStore({ url: infra.elasticsearchUrl, indexPrefix: `test-${randomUUID().slice(0, 8)}` }),
);

const database = await createTestDatabase();
describeMeasurementStore('SQL (PostgreSQL)', async () => {
  const sql = await openPgClient(database.url);
  const store = await openSqlMeasurementStore(sql);
  return {
    ...store,
    close: async () => {
      await sql.close();
      await database.drop();
    },
  };
});

describe('Elasticsearch measurements indexed before ISP ids were stored', { timeout: 60_000 }, () => {
  it('gain the mapping, and the ids assigned are what queries filter on', async () => {
    const store = await openElasticsearchMeasurementStore({
      url: infra.elasticsearchUrl,
      indexPrefix: `test-${randomUUID().slice(0, 8)}`,
    });
    const index = `${store.alias}-2026.11`;
    try {
      // A monthly index as the version before ISP ids created it, with one measurement.
      const { ispId: _new, ...properties } = measurementMappings.properties!;
      await store.client.indices.create({
        index,
        settings: { number_of_shards: 1, number_of_replicas: 0 },
        mappings: { ...measurementMappings, properties },
        aliases: { [store.alias]: {} },
      });
      const old = sampleMeasurement({ isp: 'movistar' });
      await store.client.index({ index, id: old.measurementId, document: old, refresh: true });
      expect(await store.assignIspIds((facts) => (facts.isp === 'movistar' ? 'provider-movistar' : undefined))).toBe(1);
      const { count } = await store.client.count({
        index: store.alias,
        query: { term: { ispId: 'provider-movistar' } },
      });
      expect(count).toBe(1);
      expect((await store.get(old.measurementId))?.ispId).toBe('provider-movistar');
    } finally {
      await store.client.indices.delete({ index }).catch(() => undefined);
      await store.client.indices.deleteIndexTemplate({ name: store.alias }).catch(() => undefined);
      await store.close();
    }
  });
});

describe('Elasticsearch measurements indexed before connected devices were reported', { timeout: 60_000 }, () => {
  it('gain the mapping when the store next writes, so a new measurement of that month is found by its count', async () => {
    const store = await openElasticsearchMeasurementStore({
      url: infra.elasticsearchUrl,
      indexPrefix: `test-${randomUUID().slice(0, 8)}`,
    });
    const index = `${store.alias}-2026.11`;
    try {
      // A monthly index as the version before connected devices created it.
      const { connectedDevices: _new, ...properties } = measurementMappings.properties!;
      await store.client.indices.create({
        index,
        settings: { number_of_shards: 1, number_of_replicas: 0 },
        mappings: { ...measurementMappings, properties },
        aliases: { [store.alias]: {} },
      });
      const measured = sampleMeasurement({ measuredAt: '2026-11-05T10:00:00.000Z', connectedDevices: 4 });
      expect(await store.write([measured])).toEqual({ failed: [] });
      await store.client.indices.refresh({ index: store.alias });
      const { count } = await store.client.count({
        index: store.alias,
        query: { range: { connectedDevices: { gte: 3, lte: 5 } } },
      });
      expect(count).toBe(1);
    } finally {
      await store.client.indices.delete({ index }).catch(() => undefined);
      await store.client.indices.deleteIndexTemplate({ name: store.alias }).catch(() => undefined);
      await store.close();
    }
  });
});
