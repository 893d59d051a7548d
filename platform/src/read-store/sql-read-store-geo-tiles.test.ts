import { tileKey, tileOf } from '@nq/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../sql/migrations.ts';
import { openPgliteClient } from '../sql/pglite-client.ts';
import type { SqlClient, SqlParam, SqlTransaction } from '../sql/sql-client.ts';
import { geoPointField } from './read-store-aggregations.ts';
import type { CountQuery, GeoTileQuery, ReadDocument, ReadStore } from './read-store-port.ts';
import { openSqlReadStore, readModelSchema } from './sql-read-store.ts';
import { keptTileZoom } from './sql-read-store-aggregations.ts';

const collection = 'placed';
const chunk = 7;

/**
 * 230 documents, a chunk being 7: quarter degrees (their sums are exact, however they are added up), values of every
 * kind and none, and some documents that are not placed (no point, or a point that is not numbers).
 */
const documents: ReadDocument[] = Array.from({ length: 230 }, (_, i) => {
  const point = { lat: ((i * 37) % 120) - 60 + (i % 4) / 4, lon: ((i * 53) % 340) - 170 + (i % 2) / 2 };
  const state = [{ state: 'Available' }, { state: 'Not ready' }, { state: 7 }, { state: true }, {}][i % 5];
  const placed = i % 11 === 0 ? {} : { [geoPointField]: i % 23 === 0 ? { lat: '40', lon: -3 } : point };
  return { id: `p${i}`, kind: i % 3 === 0 ? 'fixed' : 'mobile', ...state, ...placed };
});
const ids = documents.map((document) => document.id);

/** The queries asked of both stores: tiles by value and limited, in a box, filtered, and by lists of ids. */
const queries: GeoTileQuery[] = [
  { zoom: 3, countBy: 'state', limit: 5 },
  { zoom: 6, limit: 1_000 },
  { zoom: 2, countBy: 'state', limit: 3, within: { west: -100, south: -40, east: 60, north: 50 } },
  { zoom: 2, countBy: 'kind', limit: 100, within: { west: 120, south: -60, east: -120, north: 60 } },
  { zoom: 3, countBy: 'state', limit: 4, filters: [{ field: 'kind', equals: 'fixed' }] },
  {
    zoom: 3,
    countBy: 'state',
    limit: 10,
    filters: [{ field: 'id', in: [...ids.slice(20, 90), ...ids.slice(40, 60)] }],
  },
  {
    zoom: 4,
    countBy: 'state',
    limit: 10,
    filters: [
      { field: 'id', in: ids.slice(0, 150) },
      { field: 'id', in: ids.slice(100, 110) },
      { field: 'kind', equals: 'mobile' },
    ],
  },
  { zoom: 3, limit: 10, filters: [{ field: 'id', in: [] }] },
];

/**
 * The client, noting each statement it ran (a transaction is one) in `events`, and calling `afterStatement` after it.
 */
function spied(sql: SqlClient, afterStatement = () => {}) {
  const events: string[] = [];
  const ran = <T>(result: Promise<T>) =>
    result.finally(() => {
      events.push('statement');
      afterStatement();
    });
  const client: SqlClient = {
    ...sql,
    query: <Row>(text: string, params?: readonly SqlParam[]) => ran(sql.query<Row>(text, params)),
    transaction: <T>(work: (tx: SqlTransaction) => Promise<T>) => ran(sql.transaction(work)),
  };
  return { events, client };
}

describe('SQL read store tiles on PGlite, in chunks of documents', { timeout: 60_000 }, () => {
  let sql: SqlClient;
  let whole: ReadStore;

  beforeAll(async () => {
    sql = await openPgliteClient();
    whole = await openSqlReadStore(sql, { aggregationChunk: undefined });
    await whole.write(
      'projection',
      collection,
      documents.map((doc) => ({ id: doc.id, doc, version: 1n })),
    );
    await whole.write('projection', 'other', [
      { id: 'p5', doc: { id: 'p5', state: 'Other', [geoPointField]: { lat: 0, lon: 0 } }, version: 1n },
    ]);
  });
  afterAll(async () => {
    await sql.close();
  });

  it('answers tile by tile what one statement over every document does, with values, limits and filters', async () => {
    const spy = spied(sql);
    const chunked = await openSqlReadStore(spy.client, { aggregationChunk: chunk });
    for (const query of queries) {
      spy.events.length = 0;
      expect(await chunked.geoTiles(collection, query)).toEqual(await whole.geoTiles(collection, query));
      const listed = query.filters?.some((filter) => 'in' in filter && filter.in.length <= chunk);
      if (!listed) expect(spy.events.length).toBeGreaterThan(1);
    }
    expect(spy.events.length).toBe(0); // an empty list of ids: nothing to read
  });

  it('counts chunk by chunk what one statement counts, with filters, a search and lists of ids', async () => {
    const spy = spied(sql);
    const chunked = await openSqlReadStore(spy.client, { aggregationChunk: chunk });
    const counts: CountQuery[] = [
      {},
      { filters: [{ field: 'kind', equals: 'fixed' }] },
      { filters: [{ field: 'state', in: ['Available', 'Not ready'] }], search: { fields: ['id'], text: 'p1' } },
      {
        filters: [
          { field: 'id', in: [...ids.slice(20, 90), ...ids.slice(40, 60)] },
          { field: 'kind', equals: 'mobile' },
        ],
      },
      { filters: [{ field: 'kind', equals: 'none' }] },
    ];
    for (const query of counts) {
      spy.events.length = 0;
      const expected = await whole.count(collection, query);
      expect(await chunked.count(collection, query)).toBe(expected);
      expect(spy.events.length).toBeGreaterThan(1);
    }
    expect(await chunked.count(collection, {})).toBe(documents.length);
  });

  it('keeps the fullest tiles, ranked by count then x then y, and counts and boxes every document placed', async () => {
    const placed = documents.flatMap((doc) => {
      const point = doc[geoPointField] as { lat: unknown; lon: number } | undefined;
      return typeof point?.lat === 'number' ? [{ lat: point.lat, lon: point.lon }] : [];
    });
    const counts = new Map<string, { x: number; y: number; count: number }>();
    for (const { lat, lon } of placed) {
      const tile = tileOf(lat, lon, 3);
      const key = tileKey(tile);
      counts.set(key, { ...tile, count: (counts.get(key)?.count ?? 0) + 1 });
    }
    const fullest = [...counts]
      .sort(([, a], [, b]) => b.count - a.count || a.x - b.x || a.y - b.y)
      .slice(0, 5)
      .map(([key, { count }]) => [key, count]);
    const chunked = await openSqlReadStore(sql, { aggregationChunk: chunk });
    const answer = await chunked.geoTiles(collection, { zoom: 3, countBy: 'state', limit: 5 });
    expect(answer.tiles.map((tile) => [tile.key, tile.count]).sort()).toEqual(fullest.sort());
    expect(answer.total).toBe(placed.length);
    expect(answer.bounds).toEqual({
      west: Math.min(...placed.map((point) => point.lon)),
      south: Math.min(...placed.map((point) => point.lat)),
      east: Math.max(...placed.map((point) => point.lon)),
      north: Math.max(...placed.map((point) => point.lat)),
    });
    const [fullestTile] = answer.tiles;
    expect(fullestTile!.counts!.reduce((sum, { count }) => sum + count, 0)).toBeLessThanOrEqual(fullestTile!.count);
  });

  it('lets the event loop turn between chunks of a map or a count: a timer set after the first statement fires before the last', async () => {
    const kindFixed = [{ field: 'kind', equals: 'fixed' }];
    const asks: ((store: ReadStore) => Promise<unknown>)[] = [
      (store) => store.geoTiles(collection, { zoom: 3, countBy: 'state', limit: 10 }),
      (store) =>
        store.geoTiles(collection, { zoom: 3, countBy: 'state', limit: 10, filters: [{ field: 'id', in: ids }] }),
      (store) => store.count(collection, { filters: kindFixed }),
    ];
    for (const ask of asks) {
      let timer: 'armed' | 'set' | undefined;
      const spy = spied(sql, () => {
        if (timer !== 'armed') return;
        timer = 'set';
        setTimeout(() => spy.events.push('timer'), 0);
      });
      const chunked = await openSqlReadStore(spy.client, { aggregationChunk: chunk });
      spy.events.length = 0;
      timer = 'armed';
      await ask(chunked);
      spy.events.push('answered');
      // Statements before the timer fired, and after it.
      expect(spy.events.indexOf('timer')).toBeGreaterThan(0);
      expect(spy.events.slice(spy.events.indexOf('timer'))).toContain('statement');
    }
  });
});

describe("SQL read store tiles from the point's columns, kept at the finest zoom when a document is written", {
  timeout: 60_000,
}, () => {
  let sql: SqlClient;
  let store: ReadStore;
  beforeAll(async () => {
    sql = await openPgliteClient();
  });
  afterAll(async () => {
    await sql.close();
  });

  const tileAt = async (id: string, zoom: number) =>
    (await store.geoTiles('points', { zoom, limit: 1, filters: [{ field: 'id', in: [id] }] })).tiles[0]?.key;

  it('places documents written before the columns existed once the store opens', async () => {
    await migrate(sql, { ...readModelSchema, migrations: readModelSchema.migrations.slice(0, 1) });
    await sql.query(
      `insert into rm_documents (collection, id, doc, version) values
       ('points', 'madrid', '{"id": "madrid", "geoPoint": {"lat": 40.4168, "lon": -3.7038}}', 1),
       ('points', 'nowhere', '{"id": "nowhere", "geoPoint": {"lat": "40", "lon": -3}}', 1)`,
    );
    store = await openSqlReadStore(sql);
    const answer = await store.geoTiles('points', { zoom: 6, limit: 10 });
    expect(answer.total).toBe(1);
    expect(answer.tiles.map((tile) => tile.key)).toEqual([tileKey(tileOf(40.4168, -3.7038, 6))]);
  });

  it('puts a point in the tile web maps draw it in, at every zoom, on tile edges too, and moves it when it moves', async () => {
    const degrees = (min: number, max: number) => fc.double({ min, max, noNaN: true });
    // A longitude on a tile's west edge at some zoom: where a coarser tile's index is a shift of a finer one's.
    const edge = fc
      .record({ zoom: fc.integer({ min: 0, max: keptTileZoom }), index: fc.nat() })
      .map(({ zoom, index }) => -180 + (360 * (index % 2 ** zoom)) / 2 ** zoom);
    const point = fc.record({
      lat: fc.oneof(degrees(-90, 90), degrees(-1e308, 1e308)),
      lon: fc.oneof(degrees(-180, 180), edge, degrees(-1e308, 1e308)),
    });
    let written = 0;
    await fc.assert(
      fc.asyncProperty(point, point, fc.integer({ min: 0, max: keptTileZoom }), async (first, moved, zoom) => {
        const id = `point-${written++}`;
        for (const [version, { lat, lon }] of [first, moved].entries()) {
          const doc = { id, [geoPointField]: { lat, lon } };
          await store.write('projection', 'points', [{ id, doc, version: BigInt(version + 1) }]);
          expect(await tileAt(id, zoom)).toBe(tileKey(tileOf(lat, lon, zoom)));
        }
      }),
      { numRuns: 150 },
    );
  });
});
