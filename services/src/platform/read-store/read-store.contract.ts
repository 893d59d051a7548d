import { randomUUID } from 'node:crypto';
import { logStart } from '@nq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadStore } from './read-store-port.ts';

/** The behaviour every ReadStore adapter must show. */
export function describeReadStoreContract(adapter: string, openStore: () => Promise<ReadStore>) {
  describe(`ReadStore contract — ${adapter}`, { timeout: 60_000 }, () => {
    let store: ReadStore;
    const collection = `tags_${randomUUID().slice(0, 8)}`;
    const projection = `projection-${collection}`;
    const tag = (id: string, name: string, profiles: string[], rank: number) => ({ id, name, profiles, rank });

    beforeAll(async () => {
      store = await openStore();
      await store.write(
        projection,
        collection,
        [
          { id: 't1', doc: tag('t1', 'Fibre', ['p1'], 3), version: 10n },
          { id: 't2', doc: tag('t2', 'fixed wireless', ['p1', 'p2'], 1), version: 11n },
          { id: 't3', doc: tag('t3', 'Mobile 5G', ['p2'], 2), version: 12n },
        ],
        '100:12',
      );
    });
    afterAll(async () => {
      await store.reset(projection, collection);
      await store.close();
    });

    it('stores documents with the projection checkpoint', async () => {
      expect(await store.get(collection, 't1')).toEqual(tag('t1', 'Fibre', ['p1'], 3));
      expect(await store.get(collection, 'nope')).toBeUndefined();
      expect(await store.checkpoint(projection)).toBe('100:12');
      expect(await store.checkpoint(`never-${collection}`)).toBe(logStart);
    });

    it('filters by value or array membership, searches case-insensitively, sorts and pages', async () => {
      const ids = async (query: Parameters<ReadStore['list']>[1]) =>
        (await store.list(collection, query)).items.map((d) => d.id);
      expect(
        await ids({
          filters: [{ field: 'profiles', equals: 'p1' }],
          sort: [{ field: 'name', order: 'asc' }],
          offset: 0,
          limit: 10,
        }),
      ).toEqual(['t1', 't2']);
      expect(await ids({ filters: [{ field: 'id', in: ['t1', 't3'] }], offset: 0, limit: 10 })).toEqual(['t1', 't3']);
      expect(await ids({ search: { fields: ['name'], text: 'FI' }, offset: 0, limit: 10 })).toEqual(['t1', 't2']);
      expect(await ids({ sort: [{ field: 'rank', order: 'desc' }], offset: 0, limit: 10 })).toEqual(['t1', 't3', 't2']);
      const page = await store.list(collection, { sort: [{ field: 'rank', order: 'asc' }], offset: 1, limit: 1 });
      expect(page).toMatchObject({ total: 3, items: [{ id: 't3' }] });
      expect((await store.list(collection, { offset: 5, limit: 1 })).total).toBe(3);
    });

    it('never lets a replayed older write replace a newer document', async () => {
      await store.write(
        projection,
        collection,
        [{ id: 't1', doc: tag('t1', 'Fibre FTTH', ['p1'], 3), version: 20n }],
        '100:20',
      );
      await store.write(
        projection,
        collection,
        [{ id: 't1', doc: tag('t1', 'Fibre', ['p1'], 3), version: 10n }],
        '100:20',
      );
      expect((await store.get(collection, 't1'))?.name).toBe('Fibre FTTH');
    });

    it('deletes documents and forgets everything on reset', async () => {
      await store.write(projection, collection, [{ id: 't3', doc: null, version: 30n }], '100:30');
      expect(await store.get(collection, 't3')).toBeUndefined();
      await store.reset(projection, collection);
      expect(await store.checkpoint(projection)).toBe(logStart);
      expect((await store.list(collection, { offset: 0, limit: 10 })).total).toBe(0);
    });
  });
}
