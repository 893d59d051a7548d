import { randomUUID } from 'node:crypto';
import { selectionOf } from '@nq/platform/entities/validated-input';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { infra } from '@nq/platform/testing/infra';
import { openElasticsearchMeasurementStore } from '@nq/projections/measurements/elasticsearch-measurement-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupsPageSize } from './compile-elasticsearch.ts';
import { createElasticsearchAnalytics } from './elasticsearch-analytics.ts';

// A national panel's restricted profile sees its probes through the groups of the measurements it may read: every
// probe, however many pages of groups they take.
describe('groups on Elasticsearch past a page of groups', { timeout: 120_000 }, () => {
  const probes = groupsPageSize + 50;
  let store: Awaited<ReturnType<typeof openElasticsearchMeasurementStore>>;

  beforeAll(async () => {
    store = await openElasticsearchMeasurementStore({
      url: infra.elasticsearchUrl,
      indexPrefix: `test-groups-${randomUUID().slice(0, 8)}`,
    });
    const measurements = Array.from({ length: probes }, (_, index) =>
      sampleMeasurement({ measurementId: `m-${index}`, probeId: `probe-${String(index).padStart(5, '0')}` }),
    );
    for (let start = 0; start < measurements.length; start += 2_500) {
      const { failed } = await store.write(measurements.slice(start, start + 2_500));
      expect(failed).toEqual([]);
    }
    await store.client.indices.refresh({ index: store.alias });
  });
  afterAll(async () => {
    await store.client.indices.delete({ index: `${store.alias}-*` }).catch(() => undefined);
    await store.client.indices.deleteIndexTemplate({ name: store.alias }).catch(() => undefined);
    await store.close();
  });

  it(`answers every one of ${probes.toLocaleString('en')} probes, each once`, async () => {
    const engine = createElasticsearchAnalytics(store);
    const groups = await engine.groups({ filter: selectionOf({}) }, { timeZone: 'UTC' }, ['probe']);
    expect(groups).toHaveLength(probes);
    expect(new Set(groups.map((group) => group.key.probe)).size).toBe(probes);
    expect(groups.every((group) => group.count === 1)).toBe(true);
    expect(groups.at(-1)?.key.probe).toBe(`probe-${String(probes - 1).padStart(5, '0')}`);
  });
});
