import { randomUUID } from 'node:crypto';
import { logStart } from '@nq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll } from './read-all.ts';
import type { ReadDocument, ReadStore, ScanQuery } from './read-store-port.ts';

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

    it('reads several documents in one call, leaving out the ids it does not hold', async () => {
      const found = await store.getMany(collection, ['t1', 'nope', 't2']);
      expect([...found.keys()].sort()).toEqual(['t1', 't2']);
      expect(found.get('t1')).toEqual(tag('t1', 'Fibre', ['p1'], 3));
      expect(found.get('t2')).toEqual(tag('t2', 'fixed wireless', ['p1', 'p2'], 1));
      expect((await store.getMany(collection, [])).size).toBe(0);
      expect((await store.getMany(`never_${collection}`, ['t1'])).size).toBe(0);
    });

    it('filters by value or array membership, searches case-insensitively, sorts and pages', async () => {
      const ids = async (query: Parameters<ReadStore['list']>[1]) =>
        (await store.list(collection, { ...query, fresh: true })).items.map((d) => d.id);
      expect(
        await ids({
          filters: [{ field: 'profiles', equals: 'p1' }],
          sort: [{ field: 'name', order: 'asc' }],
          offset: 0,
          limit: 10,
        }),
      ).toEqual(['t1', 't2']);
      expect(await ids({ filters: [{ field: 'id', in: ['t1', 't3'] }], offset: 0, limit: 10, fresh: true })).toEqual([
        't1',
        't3',
      ]);
      const anyOf = [
        { field: 'profiles', equals: 'p1' },
        { field: 'id', in: ['t3'] },
      ];
      expect(
        await ids({ filters: [{ anyOf }], sort: [{ field: 'rank', order: 'asc' }], offset: 0, limit: 10 }),
      ).toEqual(['t2', 't3', 't1']);
      expect(await ids({ filters: [{ field: 'profiles', in: ['p2', 'px'] }], offset: 0, limit: 10 })).toEqual([
        't2',
        't3',
      ]);
      expect(await ids({ filters: [{ field: 'rank', in: [3, 2] }], offset: 0, limit: 10 })).toEqual(['t1', 't3']);
      expect(await ids({ filters: [{ field: 'name', in: ['fibre'] }], offset: 0, limit: 10 })).toEqual([]);
      const both = [{ anyOf }, { field: 'profiles', equals: 'p2' }];
      expect(await ids({ filters: both, sort: [{ field: 'rank', order: 'asc' }], offset: 0, limit: 10 })).toEqual([
        't2',
        't3',
      ]);
      expect(await ids({ filters: [{ anyOf: [] }], offset: 0, limit: 10 })).toEqual([]);
      expect(await ids({ search: { fields: ['name'], text: 'FI' }, offset: 0, limit: 10, fresh: true })).toEqual([
        't1',
        't2',
      ]);
      expect(await ids({ sort: [{ field: 'rank', order: 'desc' }], offset: 0, limit: 10, fresh: true })).toEqual([
        't1',
        't3',
        't2',
      ]);
      const page = await store.list(collection, {
        sort: [{ field: 'rank', order: 'asc' }],
        offset: 1,
        limit: 1,
        fresh: true,
      });
      expect(page).toMatchObject({ total: 3, items: [{ id: 't3' }] });
      expect((await store.list(collection, { offset: 5, limit: 1, fresh: true })).total).toBe(3);
    });

    it('scans the matching documents in id order, batch by batch, from where it is told to resume', async () => {
      const batches = async (query: ScanQuery, on = collection) => {
        const read: string[][] = [];
        for await (const batch of store.scan(on, { ...query, fresh: true })) read.push(batch.map((d) => d.id));
        return read;
      };
      expect(await batches({ batch: 2 })).toEqual([['t1', 't2'], ['t3']]);
      expect(await batches({})).toEqual([['t1', 't2', 't3']]);
      expect(await batches({ batch: 1, filters: [{ field: 'profiles', equals: 'p2' }] })).toEqual([['t2'], ['t3']]);
      expect(await batches({ batch: 2, after: 't1' })).toEqual([['t2', 't3']]);
      expect(await batches({ filters: [{ anyOf: [] }] })).toEqual([]);
      expect(await batches({}, `never_${collection}`)).toEqual([]);
    });

    it('reads each untouched document once while documents are written behind the scan', async () => {
      const scanned = `${collection}_scanned`;
      const write = (ids: string[], version: bigint) =>
        store.write(
          `projection-${scanned}`,
          scanned,
          ids.map((id) => ({ id, doc: tag(id, id, [], 1), version })),
        );
      await write(['a1', 'a2', 'a3', 'a4'], 1n);
      const read: string[] = [];
      for await (const batch of store.scan(scanned, { batch: 2, fresh: true })) {
        read.push(...batch.map((d) => d.id));
        if (read.length === 2) await write(['a0'], 2n);
      }
      expect(read).toEqual(['a1', 'a2', 'a3', 'a4']);
      await store.reset(`projection-${scanned}`, scanned);
    });

    // Past Elasticsearch's result window, where paging by offset is refused.
    it('reads a collection of more than 10,000 documents whole, by pages past 10,000, and by 70,000 ids', async () => {
      const large = `${collection}_large`;
      const ids = Array.from({ length: 10_050 }, (_, index) => `d${String(index).padStart(5, '0')}`);
      // Every hundredth document has no name: it sorts last, as on the first pages.
      const nameOf = (index: number) =>
        index % 100 === 99 ? {} : { name: `n${String(ids.length - index).padStart(5, '0')}` };
      await store.write(
        `projection-${large}`,
        large,
        ids.map((id, index) => ({ id, doc: { id, ...nameOf(index) }, version: 1n })),
      );
      const byId = await readAll(store, large, [], { fresh: true, order: 'id' });
      expect(byId.map((document) => document.id)).toEqual(ids);
      const byName: ReadDocument[] = await readAll(store, large, [{ field: 'id', in: ids.slice(0, 3) }]);
      expect(byName.map((document) => document.id)).toEqual(['d00002', 'd00001', 'd00000']);

      const named = ids.filter((_, index) => index % 100 !== 99).reverse();
      const unnamed = ids.filter((_, index) => index % 100 === 99);
      const expected = [...named, ...unnamed];
      const page = (offset: number, limit: number) =>
        store.list(large, { sort: [{ field: 'name', order: 'asc' }], offset, limit });
      for (const [offset, limit] of [
        [9_990, 20],
        [10_020, 25],
        [10_040, 25],
      ] as const) {
        const { items, total } = await page(offset, limit);
        expect(total).toBe(ids.length);
        expect(items.map((document) => document.id)).toEqual(expected.slice(offset, offset + limit));
      }
      expect(await page(10_050, 10)).toEqual({ items: [], total: ids.length });

      const many = [...ids, ...Array.from({ length: 60_000 }, (_, index) => `absent${index}`)];
      expect(await store.count(large, { filters: [{ field: 'id', in: many }] })).toBe(ids.length);
      const listed = await store.list(large, { filters: [{ field: 'id', in: many.slice(5) }], offset: 0, limit: 3 });
      expect(listed).toEqual({
        items: ids.slice(5, 8).map((id, index) => ({ id, ...nameOf(index + 5) })),
        total: 10_045,
      });
      await store.reset(`projection-${large}`, large);
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

    it('applies the writes of one call in order, an id written several times included', async () => {
      await store.write(
        projection,
        collection,
        [
          { id: 'm1', doc: tag('m1', 'one', [], 1), version: 40n },
          { id: 'm2', doc: tag('m2', 'two', [], 1), version: 41n },
          { id: 'm1', doc: tag('m1', 'one again', [], 1), version: 42n },
          { id: 'm2', doc: null, version: 43n },
          { id: 'm1', doc: tag('m1', 'stale', [], 1), version: 39n },
        ],
        '100:43',
      );
      const found = await store.getMany(collection, ['m1', 'm2']);
      expect(found.get('m1')?.name).toBe('one again');
      expect(found.has('m2')).toBe(false);
      expect(await store.checkpoint(projection)).toBe('100:43');
      await store.write(projection, collection, [{ id: 'm1', doc: null, version: 44n }], '100:44');
      expect(await store.get(collection, 'm1')).toBeUndefined();
    });

    it('deletes documents and forgets everything on reset', async () => {
      await store.write(projection, collection, [{ id: 't3', doc: null, version: 30n }], '100:30');
      expect(await store.get(collection, 't3')).toBeUndefined();
      await store.reset(projection, collection);
      expect(await store.checkpoint(projection)).toBe(logStart);
      expect((await store.list(collection, { offset: 0, limit: 10, fresh: true })).total).toBe(0);
    });
  });
}
