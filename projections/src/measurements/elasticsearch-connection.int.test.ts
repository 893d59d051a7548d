import { randomUUID } from 'node:crypto';
import { loadConfig } from '@nq/platform/config/config';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { openElasticsearchReadStore } from '@nq/platform/read-store/elasticsearch-read-store';
import { deleteIndices, infra } from '@nq/platform/testing/infra';
import { afterAll, describe, expect, it } from 'vitest';
import { openCubeStore } from '../cubes/open-cube-store.ts';
import { openElasticsearchMeasurementStore } from './elasticsearch-measurement-store.ts';
import { elasticsearchMeasurementOptions } from './open-measurement-store.ts';

describe('Elasticsearch clients built from the configuration, on the local cluster', { timeout: 60_000 }, () => {
  const prefix = `nq-test-conn-${randomUUID().slice(0, 8)}`;
  afterAll(async () => {
    await deleteIndices(prefix);
    // The measurement stores' index templates (`<prefix>…-measurements`), which deleting the indices leaves.
    await fetch(`${infra.elasticsearchUrl}/_index_template/${prefix}*`, { method: 'DELETE' }).catch(() => undefined);
  });

  /** The read models and the measurements as the platform opens them from these variables. */
  const openStores = async (env: Record<string, string>) => {
    const config = loadConfig({
      PROFILE: 'distributed',
      ELASTICSEARCH_URL: infra.elasticsearchUrl,
      ...env,
    });
    const { elasticsearch } = config;
    const measurements = await openElasticsearchMeasurementStore(elasticsearchMeasurementOptions(elasticsearch));
    return {
      readStore: await openElasticsearchReadStore({ ...elasticsearch, indexPrefix: `${elasticsearch.indexPrefix}-rm` }),
      measurements,
      cubes: await openCubeStore({ measurements, sql: undefined as never, config }),
    };
  };
  const shardsOf = async (client: Awaited<ReturnType<typeof openStores>>['measurements']['client'], index: string) =>
    (await client.indices.getSettings({ index }))[index]?.settings?.index;

  it('connect without credentials, and create indices with the configured shards and replicas', async () => {
    const { readStore, measurements, cubes } = await openStores({
      ELASTICSEARCH_INDEX_PREFIX: prefix,
      ELASTICSEARCH_SHARDS: '2',
      ELASTICSEARCH_REPLICAS: '1',
    });
    try {
      await readStore.ping();
      await readStore.write('test', 'tags', [{ id: 'tag-1', doc: { id: 'tag-1', name: 'one' }, version: 1n }]);
      expect(await readStore.get('tags', 'tag-1')).toMatchObject({ name: 'one' });
      const measurement = sampleMeasurement({ measuredAt: '2026-11-20T10:00:00.000Z' });
      expect((await measurements.write([measurement])).failed).toEqual([]);
      await cubes.size('any cube'); // creates the cube rows' index

      const settings = await measurements.client.indices.getSettings({
        index: [`${prefix}-rm-tags`, `${measurements.alias}-2026.11`, `${prefix}-cube-rows`],
      });
      expect(Object.keys(settings)).toHaveLength(3);
      for (const index of Object.values(settings))
        expect(index.settings?.index).toMatchObject({ number_of_shards: '2', number_of_replicas: '1' });

      // A cube rows' index made without replicas (as earlier versions made it) gets them when a store opens it.
      await measurements.client.indices.putSettings({
        index: `${prefix}-cube-rows`,
        settings: { number_of_replicas: 0 },
      });
      const reopened = await openStores({ ELASTICSEARCH_INDEX_PREFIX: prefix, ELASTICSEARCH_REPLICAS: '1' });
      await reopened.cubes.size('any cube');
      expect(await shardsOf(measurements.client, `${prefix}-cube-rows`)).toMatchObject({ number_of_replicas: '1' });
      await reopened.readStore.close();
      await reopened.measurements.close();
    } finally {
      await readStore.close();
      await measurements.close();
    }
  });

  it('give a month created after ELASTICSEARCH_MEASUREMENT_SHARDS is set its primaries, not the read models', async () => {
    const indexPrefix = `${prefix}-sized`;
    const before = await openStores({ ELASTICSEARCH_INDEX_PREFIX: indexPrefix, ELASTICSEARCH_SHARDS: '2' });
    try {
      expect(
        (await before.measurements.write([sampleMeasurement({ measuredAt: '2026-10-20T10:00:00.000Z' })])).failed,
      ).toEqual([]);
    } finally {
      await before.readStore.close();
      await before.measurements.close();
    }

    const { readStore, measurements } = await openStores({
      ELASTICSEARCH_INDEX_PREFIX: indexPrefix,
      ELASTICSEARCH_SHARDS: '2',
      ELASTICSEARCH_MEASUREMENT_SHARDS: '3',
    });
    try {
      await readStore.write('test', 'tags', [{ id: 'tag-1', doc: { id: 'tag-1', name: 'one' }, version: 1n }]);
      const written = await measurements.write([
        sampleMeasurement({ measuredAt: '2026-10-21T10:00:00.000Z' }),
        sampleMeasurement({ measuredAt: '2026-11-20T10:00:00.000Z' }),
      ]);
      expect(written.failed).toEqual([]);

      expect(await shardsOf(measurements.client, `${measurements.alias}-2026.11`)).toMatchObject({
        number_of_shards: '3',
        number_of_replicas: '0',
      });
      // A month created before the change keeps its primaries (they are fixed when an index is created).
      expect(await shardsOf(measurements.client, `${measurements.alias}-2026.10`)).toMatchObject({
        number_of_shards: '2',
      });
      expect(await shardsOf(measurements.client, `${indexPrefix}-rm-tags`)).toMatchObject({ number_of_shards: '2' });
      const health = await measurements.client.cluster.health({ index: `${measurements.alias}-2026.11` });
      expect(health.active_primary_shards).toBe(3);
    } finally {
      await readStore.close();
      await measurements.close();
    }
  });
});
