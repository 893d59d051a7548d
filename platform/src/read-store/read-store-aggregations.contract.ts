import { randomUUID } from 'node:crypto';
import { tileKey, tileOf } from '@nq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geoPointField } from './read-store-aggregations.ts';
import type { ReadDocument, ReadStore } from './read-store-port.ts';

/** Places around Madrid and one across the antimeridian (Fiji), each with a state and a number. */
const places = [
  { id: 'sol', lat: 40.4168, lon: -3.7038, state: 'Available', battery: 80, at: '2026-03-01T10:00:00Z' },
  { id: 'retiro', lat: 40.4153, lon: -3.6845, state: 'Not ready', battery: 20, at: '2026-03-01T11:00:00Z' },
  { id: 'atocha', lat: 40.4066, lon: -3.6892, state: 'Available', battery: 55, at: '2026-03-02T09:00:00Z' },
  { id: 'toledo', lat: 39.8628, lon: -4.0273, state: 'Not available', battery: 5, at: '2026-03-02T10:00:00Z' },
  { id: 'suva', lat: -18.1248, lon: 178.4501, state: 'Available', battery: 99, at: '2026-03-03T08:00:00Z' },
];
const placed = (place: (typeof places)[number]): ReadDocument => ({
  id: place.id,
  name: place.id,
  state: place.state,
  battery: place.battery,
  reportedAt: place.at,
  located: true,
  [geoPointField]: { lat: place.lat, lon: place.lon },
});
/** Never placed: counted by the counts, left out of the tiles. */
const nowhere: ReadDocument = { id: 'nowhere', name: 'nowhere', state: 'Available', located: false };

/** Counts, grouped counts, map tiles and in-place changes: what every ReadStore adapter must answer alike. */
export function describeReadStoreAggregations(adapter: string, openStore: () => Promise<ReadStore>) {
  describe(`ReadStore counts and tiles — ${adapter}`, { timeout: 60_000 }, () => {
    let store: ReadStore;
    const collection = `placed_${randomUUID().slice(0, 8)}`;
    const projection = `projection-${collection}`;

    beforeAll(async () => {
      store = await openStore();
      await store.write(
        projection,
        collection,
        [...places.map(placed), nowhere].map((doc) => ({ id: doc.id, doc, version: 5n })),
      );
    });
    afterAll(async () => {
      await store.reset(projection, collection);
      await store.close();
    });

    it('counts what a list would hold, by filters, ranges and search, without reading it', async () => {
      expect(await store.count(collection, { fresh: true })).toBe(6);
      expect(await store.count(collection, { filters: [{ field: 'state', equals: 'Available' }] })).toBe(4);
      expect(await store.count(collection, { filters: [{ field: 'battery', range: { gte: 20, lt: 80 } }] })).toBe(2);
      expect(
        await store.count(collection, { filters: [{ field: 'reportedAt', range: { gt: '2026-03-02T00:00:00Z' } }] }),
      ).toBe(3);
      expect(await store.count(collection, { search: { fields: ['name'], text: 'TO' } })).toBe(2);
      expect(await store.count(`never_${collection}`)).toBe(0);
    });

    it('finds the documents inside a box, across the antimeridian too', async () => {
      const ids = async (within: { west: number; south: number; east: number; north: number }) =>
        (await store.list(collection, { filters: [{ field: geoPointField, within }], offset: 0, limit: 10 })).items
          .map((doc) => doc.id)
          .sort();
      expect(await ids({ west: -3.71, south: 40.4, east: -3.68, north: 40.42 })).toEqual(['atocha', 'retiro', 'sol']);
      expect(await ids({ west: 170, south: -30, east: -170, north: 0 })).toEqual(['suva']);
    });

    it('counts by the values of a field, the most frequent first, leaving out documents without one', async () => {
      expect(await store.countBy(collection, 'state')).toEqual([
        { value: 'Available', count: 4 },
        { value: 'Not available', count: 1 },
        { value: 'Not ready', count: 1 },
      ]);
      expect(await store.countBy(collection, 'located')).toEqual([
        { value: true, count: 5 },
        { value: false, count: 1 },
      ]);
      expect(
        await store.countBy(collection, 'state', { filters: [{ field: 'battery', range: { lt: 50 } }], limit: 1 }),
      ).toEqual([{ value: 'Not available', count: 1 }]);
      expect(await store.countBy(`never_${collection}`, 'state')).toEqual([]);
    });

    it('counts the placed documents per map tile as a full scan would, with their centre and values', async () => {
      const zoom = 9;
      const expected = new Map<string, string[]>();
      for (const place of places) {
        const key = tileKey(tileOf(place.lat, place.lon, zoom));
        expected.set(key, [...(expected.get(key) ?? []), place.id]);
      }
      const answer = await store.geoTiles(collection, { zoom, limit: 100, countBy: 'state' });
      expect(answer.total).toBe(5);
      expect(new Map(answer.tiles.map((tile) => [tile.key, tile.count]))).toEqual(
        new Map([...expected].map(([key, ids]) => [key, ids.length])),
      );
      const madrid = answer.tiles[0]!;
      expect(madrid.count).toBe(3);
      expect(madrid.counts).toEqual([
        { value: 'Available', count: 2 },
        { value: 'Not ready', count: 1 },
      ]);
      expect(madrid.centroid.lat).toBeCloseTo((40.4168 + 40.4153 + 40.4066) / 3, 3);
      expect(madrid.centroid.lon).toBeCloseTo((-3.7038 - 3.6845 - 3.6892) / 3, 3);
      expect(answer.bounds?.south).toBeCloseTo(-18.1248, 3);
      expect(answer.bounds?.east).toBeCloseTo(178.4501, 3);
    });

    it('keeps to the box and the limit, the fullest tiles first, and counts every document placed', async () => {
      const around = { west: -5, south: 39, east: -3, north: 41 };
      const inBox = await store.geoTiles(collection, { zoom: 9, within: around, limit: 1 });
      expect(inBox.total).toBe(4);
      expect(inBox.tiles).toHaveLength(1);
      expect(inBox.tiles[0]!.count).toBe(3);
      const filtered = await store.geoTiles(collection, {
        zoom: 2,
        limit: 10,
        filters: [{ field: 'state', equals: 'Not available' }],
      });
      expect(filtered.tiles.map((tile) => [tile.key, tile.count])).toEqual([[tileKey(tileOf(39.8628, -4.0273, 2)), 1]]);
      expect(await store.geoTiles(`never_${collection}`, { zoom: 3, limit: 10 })).toEqual({ tiles: [], total: 0 });
    });

    it('changes documents in place keeping their versions, so that a newer write still replaces them', async () => {
      await store.amend(collection, ['sol', 'no-such-document'], (doc) => ({ ...doc, state: 'Ready' }));
      expect((await store.get(collection, 'sol'))?.state).toBe('Ready');
      expect(await store.get(collection, 'no-such-document')).toBeUndefined();
      await store.amend(collection, ['retiro'], () => undefined);
      expect((await store.get(collection, 'retiro'))?.state).toBe('Not ready');
      // The same version as before the change is still refused; a newer one replaces the changed document.
      await store.write(projection, collection, [{ id: 'sol', doc: { id: 'sol', name: 'replayed' }, version: 5n }]);
      expect((await store.get(collection, 'sol'))?.state).toBe('Ready');
      await store.write(projection, collection, [{ id: 'sol', doc: { id: 'sol', name: 'newer' }, version: 6n }]);
      expect(await store.get(collection, 'sol')).toEqual({ id: 'sol', name: 'newer' });
      await store.amend(`never_${collection}`, ['sol'], (doc) => doc);
    });
  });
}
