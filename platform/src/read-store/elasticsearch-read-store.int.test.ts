import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { deleteIndices, infra } from '../testing/infra.ts';
import { openElasticsearchReadStore } from './elasticsearch-read-store.ts';
import { describeReadStoreContract } from './read-store.contract.ts';
import { describeReadStoreAggregations } from './read-store-aggregations.contract.ts';

describeReadStoreContract('Elasticsearch', () =>
  openElasticsearchReadStore({ url: infra.elasticsearchUrl, indexPrefix: 'nq-test' }),
);
describeReadStoreAggregations('Elasticsearch', () =>
  openElasticsearchReadStore({ url: infra.elasticsearchUrl, indexPrefix: 'nq-test' }),
);

describe('Elasticsearch read store, a shard not available', () => {
  const prefix = `nq-test-noshard-${randomUUID().slice(0, 8)}`;
  afterAll(() => deleteIndices(prefix));

  // As after a restart, while a shard recovers: the projector reads a document to apply an update to it, and a
  // document it cannot read must not be taken for one that is not there (it would write the update over nothing).
  it('fails a document read instead of answering that the document is missing', async () => {
    const created = await fetch(`${infra.elasticsearchUrl}/${prefix}-tags?wait_for_active_shards=0`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        settings: { number_of_shards: 1, number_of_replicas: 0, 'index.routing.allocation.require._name': 'nowhere' },
      }),
    });
    expect(created.status, await created.text()).toBe(200);
    const store = await openElasticsearchReadStore({
      url: infra.elasticsearchUrl,
      indexPrefix: prefix,
      shardStartWaitMs: 200,
    });
    try {
      await expect(store.get('tags', 'tag-1')).rejects.toThrow();
      await expect(store.getMany('tags', ['tag-1', 'tag-2'])).rejects.toThrow();
      // A collection whose index does not exist yet has no documents.
      expect(await store.getMany('clusters', ['cluster-1'])).toEqual(new Map());
      expect(await store.get('clusters', 'cluster-1')).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  // An index another process has just created, its shard still starting: a read waits for it rather than failing.
  it('waits for a shard that starts, and reads what it holds', async () => {
    const index = `${prefix}-clusters`;
    const settings = (allocation: string) =>
      fetch(`${infra.elasticsearchUrl}/${index}/_settings`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ 'index.routing.allocation.enable': allocation }),
      });
    const created = await fetch(`${infra.elasticsearchUrl}/${index}?wait_for_active_shards=0`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        settings: { number_of_shards: 1, number_of_replicas: 0, 'index.routing.allocation.enable': 'none' },
      }),
    });
    expect(created.status, await created.text()).toBe(200);
    const store = await openElasticsearchReadStore({ url: infra.elasticsearchUrl, indexPrefix: prefix });
    try {
      const reads = [store.getMany('clusters', ['cluster-1']), store.get('clusters', 'cluster-1')] as const;
      expect((await settings('all')).status).toBe(200);
      expect(await reads[0]).toEqual(new Map());
      expect(await reads[1]).toBeUndefined();
    } finally {
      await store.close();
    }
  });
});
