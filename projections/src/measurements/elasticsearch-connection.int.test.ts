import { randomUUID } from 'node:crypto';
import { loadConfig } from '@nq/platform/config/config';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { openElasticsearchReadStore } from '@nq/platform/read-store/elasticsearch-read-store';
import { deleteIndices, infra } from '@nq/platform/testing/infra';
import { afterAll, describe, expect, it } from 'vitest';
import { openElasticsearchMeasurementStore } from './elasticsearch-measurement-store.ts';

describe('Elasticsearch clients built from the configuration, on the local cluster', { timeout: 60_000 }, () => {
  const prefix = `nq-test-conn-${randomUUID().slice(0, 8)}`;
  afterAll(() => deleteIndices(prefix));

  it('connect without credentials, and create indices with the configured shards and replicas', async () => {
    const { elasticsearch } = loadConfig({
      PROFILE: 'distributed',
      ELASTICSEARCH_URL: infra.elasticsearchUrl,
      ELASTICSEARCH_INDEX_PREFIX: prefix,
      ELASTICSEARCH_SHARDS: '2',
      ELASTICSEARCH_REPLICAS: '1',
    });
    const readStore = await openElasticsearchReadStore({ ...elasticsearch, indexPrefix: `${prefix}-rm` });
    const measurements = await openElasticsearchMeasurementStore(elasticsearch);
    try {
      await readStore.ping();
      await readStore.write('test', 'tags', [{ id: 'tag-1', doc: { id: 'tag-1', name: 'one' }, version: 1n }]);
      expect(await readStore.get('tags', 'tag-1')).toMatchObject({ name: 'one' });
      const measurement = sampleMeasurement({ measuredAt: '2026-11-20T10:00:00.000Z' });
      expect((await measurements.write([measurement])).failed).toEqual([]);

      const settings = await measurements.client.indices.getSettings({
        index: [`${prefix}-rm-tags`, `${measurements.alias}-2026.11`],
      });
      for (const index of Object.values(settings))
        expect(index.settings?.index).toMatchObject({ number_of_shards: '2', number_of_replicas: '1' });
    } finally {
      await readStore.close();
      await measurements.close();
    }
  });
});
