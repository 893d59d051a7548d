import { setImmediate as turnOfTheEventLoop } from 'node:timers/promises';
import { tileKey, tileLatitudeLimit } from '@nq/contracts';
import type { SqlClient, SqlParam } from '../sql/sql-client.ts';
import type { GeoBounds, GeoTile, GeoTiles, ValueCount, ValueRange } from './read-store-aggregations.ts';
import { geoPointField } from './read-store-aggregations.ts';
import type { CountQuery, GeoTileQuery, ListFilter, ReadStore } from './read-store-port.ts';

type WhereClause = (query: CountQuery, params: SqlParam[]) => string;

/** A JSON value as a number, or null when it is not one (a cast of anything else would fail the whole query). */
const numberOf = (json: string) => `(case when jsonb_typeof(${json}) = 'number' then (${json})::text::float8 end)`;

const comparisons = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/** `json` within the range: numbers as numbers, strings as text. */
export function rangeCondition(json: string, range: ValueRange, params: SqlParam[]): string {
  const bounds = Object.entries(range).filter(([, bound]) => bound !== undefined) as [
    keyof ValueRange,
    number | string,
  ][];
  if (bounds.length === 0) return 'true';
  return `(${bounds
    .map(([name, bound]) => {
      const value = typeof bound === 'number' ? numberOf(json) : `(${json} #>> '{}')`;
      return `${value} ${comparisons[name]} $${params.push(bound)}`;
    })
    .join(' and ')})`;
}

/** A latitude and a longitude inside the box (across the antimeridian when its west is past its east). */
function boxCondition(lat: string, lon: string, box: GeoBounds, params: SqlParam[]): string {
  const [south, north, west, east] = [box.south, box.north, box.west, box.east].map(
    (value) => `$${params.push(value)}`,
  );
  const across =
    box.west <= box.east ? `${lon} between ${west} and ${east}` : `(${lon} >= ${west} or ${lon} <= ${east})`;
  return `(${lat} between ${south} and ${north} and ${across})`;
}

/** A `{ lat, lon }` inside the box: the document's point read from its columns, any other field from its JSON. */
export const withinCondition = (name: string, box: GeoBounds, params: SqlParam[]) =>
  name === geoPointField
    ? boxCondition('point_lat', 'point_lon', box, params)
    : boxCondition(numberOf(`doc->'${name}'->'lat'`), numberOf(`doc->'${name}'->'lon'`), box, params);

/** The tile index of a latitude at 2^z tiles (`tiles`), clamped to the map as web maps draw it. */
const tileY = (lat: string, tiles: string) => {
  const clamped = `radians(least(greatest(${lat}, -${tileLatitudeLimit}), ${tileLatitudeLimit}))`;
  return `least(greatest(floor((1 - ln(tan(${clamped}) + 1 / cos(${clamped})) / pi()) / 2 * ${tiles}), 0), ${tiles} - 1)`;
};
const tileX = (lon: string, tiles: string) =>
  `least(greatest(floor((${lon} + 180) / 360 * ${tiles}), 0), ${tiles} - 1)`;

/**
 * The zoom whose tile a placed document keeps in columns of its own, written with it. A coarser tile is the kept one
 * shifted right: the index at 2^z tiles is the floor of the same fraction scaled by a power of two, so shifting the
 * finer floor gives the coarser one exactly (clamping included), and reading a map costs no JSON and no trigonometry.
 */
export const keptTileZoom = 24;

const pointLat = numberOf(`doc->'${geoPointField}'->'lat'`);
const pointLon = numberOf(`doc->'${geoPointField}'->'lon'`);
const placedOnly = (value: string) => `case when ${pointLat} is not null and ${pointLon} is not null then ${value} end`;

/**
 * A document's point as columns computed when it is written (null unless both its latitude and longitude are
 * numbers), with its tile at `keptTileZoom`: a map sums columns instead of reading every document's JSON. Computing
 * them must never fail a write: a longitude is clamped to the map before it is scaled (one far past it overflowed), a
 * latitude too close to 0 for degrees to become radians (an underflow PostgreSQL refuses) counts as 0, in the same
 * tile.
 */
const tileLon = `least(greatest(${pointLon}, -180), 180)`;
const tileLat = `(case when abs(${pointLat}) < 1e-300 then 0 else ${pointLat} end)`;
export const geoPointColumns = `alter table rm_documents
  add column point_lat float8 generated always as (${placedOnly(pointLat)}) stored,
  add column point_lon float8 generated always as (${placedOnly(pointLon)}) stored,
  add column point_tile_x integer generated always as (${placedOnly(`${tileX(tileLon, `${2 ** keptTileZoom}`)}::integer`)}) stored,
  add column point_tile_y integer generated always as (${placedOnly(`${tileY(tileLat, `${2 ** keptTileZoom}`)}::integer`)}) stored`;

/** One row per tile and value counted by, for the documents of one chunk. */
interface TileRow {
  x: number;
  y: number;
  value: unknown;
  count: string | number;
  lat_sum: number;
  lon_sum: number;
  south: number;
  north: number;
  west: number;
  east: number;
}

/** A chunk's last id and whether it was a whole one, beside a row of its aggregation (nulls when it has none). */
type ChunkRow<Row> = { last: string | null; whole: boolean } & Row;

interface TileSum {
  x: number;
  y: number;
  count: number;
  latSum: number;
  lonSum: number;
  /** By the value counted by, as JSON: the same value read in two chunks is counted once, with both counts. */
  values: Map<string, ValueCount>;
}

/** A tile's values, the most frequent first, ties in the order of the values (as Elasticsearch's terms). */
const byCountThenValue = (a: ValueCount, b: ValueCount) => {
  const [first, second] = [String(a.value), String(b.value)];
  return b.count - a.count || (first < second ? -1 : first > second ? 1 : 0);
};

/** The tiles of the chunks read so far, added up: counts and sums per tile and value, and the box around them all. */
function tileSums() {
  const tiles = new Map<string, TileSum>();
  let total = 0;
  let bounds: GeoBounds | undefined;
  return {
    add(rows: TileRow[]) {
      for (const row of rows) {
        const [x, y, count] = [Number(row.x), Number(row.y), Number(row.count)];
        const tile = tiles.get(`${x}/${y}`) ?? { x, y, count: 0, latSum: 0, lonSum: 0, values: new Map() };
        tiles.set(`${x}/${y}`, tile);
        tile.count += count;
        tile.latSum += Number(row.lat_sum);
        tile.lonSum += Number(row.lon_sum);
        if (row.value !== null && row.value !== undefined) {
          const value = JSON.stringify(row.value);
          const counted = tile.values.get(value) ?? { value: row.value as ValueCount['value'], count: 0 };
          tile.values.set(value, counted);
          counted.count += count;
        }
        total += count;
        bounds = {
          south: Math.min(bounds?.south ?? Infinity, Number(row.south)),
          north: Math.max(bounds?.north ?? -Infinity, Number(row.north)),
          west: Math.min(bounds?.west ?? Infinity, Number(row.west)),
          east: Math.max(bounds?.east ?? -Infinity, Number(row.east)),
        };
      }
    },
    /**
     * The fullest tiles, at most `limit` (ranked by count, then x, then y: the same tiles however the documents were
     * chunked), each with its values' counts, the most frequent first; and every document placed, counted and boxed.
     */
    tiles(zoom: number, limit: number, countBy: string | undefined): GeoTiles {
      const fullest = [...tiles.values()]
        .sort((a, b) => b.count - a.count || a.x - b.x || a.y - b.y)
        .slice(0, Math.max(limit, 0));
      return {
        tiles: fullest
          .map(
            (tile): GeoTile => ({
              key: tileKey({ z: zoom, x: tile.x, y: tile.y }),
              count: tile.count,
              centroid: { lat: tile.latSum / tile.count, lon: tile.lonSum / tile.count },
              ...(countBy ? { counts: [...tile.values.values()].sort(byCountThenValue) } : {}),
            }),
          )
          .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key)),
        total,
        ...(bounds
          ? { bounds: { west: bounds.west, south: bounds.south, east: bounds.east, north: bounds.north } }
          : {}),
      };
    },
  };
}

/**
 * Documents read per counting or map statement on PGlite. PGlite runs PostgreSQL inside this process, on the event
 * loop: a statement holds every other request (/health, the probe gateway) while it runs (a count over a 100,000-probe
 * fleet just amended by heartbeats, 150 to 250 ms), and the event loop turns between chunks. Summing the point's columns, a chunk of 5,000 fleet documents is a statement of about 10 ms (30 ms with a
 * box and a thousand tiles): 100,000 probes' country map in about 0.25 s, 0.5 s in a box. Smaller chunks cost more in
 * all (1,000: 0.3 and 1.6 s, each chunk's tiles added up again in JavaScript); larger ones hold the loop longer.
 */
export const pgliteAggregationChunk = 5_000;

export interface SqlAggregationOptions {
  /**
   * Documents read per counting or map statement; undefined reads them all in one. Default: pgliteAggregationChunk on PGlite,
   * one statement on PostgreSQL, which runs it in its own process (the event loop is free meanwhile) and reads one
   * snapshot in it.
   */
  aggregationChunk?: number | undefined;
}

/** The shortest of the filters that keep to a list of ids (strings only: a number is a condition of its own). */
function shortestIdList(filters: readonly ListFilter[]) {
  const lists = filters.filter(
    (filter): filter is { field: 'id'; in: string[] } =>
      'in' in filter && filter.field === 'id' && filter.in.every((id) => typeof id === 'string'),
  );
  return lists.sort((a, b) => a.in.length - b.in.length)[0];
}

/** Counts, grouped counts, map tiles and in-place changes of the SQL read store, given its own where clause. */
export function sqlAggregations(
  sql: SqlClient,
  whereClause: WhereClause,
  field: (name: string) => string,
  options: SqlAggregationOptions = {},
): Pick<ReadStore, 'count' | 'countBy' | 'geoTiles' | 'amend'> {
  const chunkSize =
    'aggregationChunk' in options
      ? options.aggregationChunk
      : sql.dialect === 'pglite'
        ? pgliteAggregationChunk
        : undefined;
  if (chunkSize !== undefined && !(Number.isInteger(chunkSize) && chunkSize > 0))
    throw new Error(`aggregationChunk must be a positive integer: ${chunkSize}`);

  /**
   * `aggregated`: the matching placed documents of `documents` (a table and its condition, or a chunk) summed per tile and
   * value, from the point's columns.
   */
  function groupedTiles(documents: string, query: GeoTileQuery, params: SqlParam[]) {
    const filters = [
      ...(query.filters ?? []),
      ...(query.within ? [{ field: geoPointField, within: query.within }] : []),
    ];
    const where = whereClause({ ...query, filters }, params);
    const value = query.countBy ? `doc->'${field(query.countBy)}'` : 'null::jsonb';
    if (!(Number.isInteger(query.zoom) && query.zoom >= 0 && query.zoom <= keptTileZoom))
      throw new Error(`a map's zoom is a whole number from 0 to ${keptTileZoom}: ${query.zoom}`);
    const shift = `$${params.push(keptTileZoom - query.zoom)}::integer`;
    return `aggregated as (
         select point_tile_x >> ${shift} as x, point_tile_y >> ${shift} as y, ${value} as value, count(*) as count, sum(point_lat) as lat_sum,
           sum(point_lon) as lon_sum, min(point_lat) as south, max(point_lat) as north, min(point_lon) as west,
           max(point_lon) as east
         from ${documents} and point_lat is not null${where}
         group by 1, 2, 3
       )`;
  }

  /**
   * The rows of an aggregation over the matching documents, chunk after chunk, the event loop let turn between chunks
   * (see pgliteAggregationChunk). `aggregate` writes the aggregation as a query named `aggregated` over `documents` (a
   * table and its condition, or a chunk) with the filters given. With a list of ids, a chunk of its ids at a time, each
   * read by the key; else the whole collection, a chunk of documents after another in the order of their ids (keyset
   * paging, as a scan reads). Like a scan, not a snapshot: a document written meanwhile may be counted as it was or as
   * it is, or not at all.
   */
  async function* aggregatedChunks<Row extends object>(
    collection: string,
    query: CountQuery,
    aggregate: (documents: string, query: CountQuery, params: SqlParam[]) => string,
  ): AsyncGenerator<Row[]> {
    const whole = async (filtered: CountQuery) => {
      const params: SqlParam[] = [collection];
      const aggregated = aggregate('rm_documents where collection = $1', filtered, params);
      return sql.query<Row>(`with ${aggregated} select * from aggregated`, params);
    };
    if (chunkSize === undefined) {
      yield await whole(query);
      return;
    }
    const filters = query.filters ?? [];
    const listed = shortestIdList(filters);
    if (listed) {
      // Each id in one chunk only, each chunk's ids a parameter of its own (the whole list, sent with every chunk,
      // cost more than the chunk's documents).
      const ids = [...new Set(listed.in)];
      const others = filters.filter((filter) => filter !== listed);
      for (let start = 0; start < ids.length; start += chunkSize) {
        if (start > 0) await turnOfTheEventLoop();
        yield await whole({ ...query, filters: [...others, { field: 'id', in: ids.slice(start, start + chunkSize) }] });
      }
      return;
    }
    for (let after: string | undefined; ; ) {
      const params: SqlParam[] = [collection];
      const from = after === undefined ? '' : ` and id > $${params.push(after)}`;
      const limit = `$${params.push(chunkSize)}`;
      const aggregated = aggregate('chunk where true', query, params);
      // Read along the key's index, sorting forbidden: PGlite runs no autovacuum, and without statistics the planner
      // took a collection for a few hundred documents, and read and sorted every one after `after` for each chunk.
      const rows = await sql.transaction(async (tx) => {
        await tx.query('set local enable_sort = off');
        return tx.query<ChunkRow<Row>>(
          `with chunk as materialized (
             select * from rm_documents where collection = $1${from} order by id limit ${limit}
           ), ${aggregated}
           select chunk.last, chunk.whole, aggregated.* from (
             select max(id) as last, count(*) = ${limit} as whole from chunk
           ) chunk left join aggregated on true`,
          params,
        );
      });
      // A chunk whose documents match nothing comes as one row of nulls beside its last id.
      yield rows.filter((row) =>
        Object.entries(row).some(([name, value]) => name !== 'last' && name !== 'whole' && value !== null),
      );
      if (rows[0]?.whole !== true) return;
      after = rows[0].last ?? undefined;
      await turnOfTheEventLoop();
    }
  }

  return {
    async count(collection, query = {}) {
      let total = 0;
      const counted = (documents: string, filtered: CountQuery, params: SqlParam[]) =>
        `aggregated as (select count(*) as total from ${documents}${whereClause(filtered, params)})`;
      for await (const rows of aggregatedChunks<{ total: string }>(collection, query, counted))
        for (const row of rows) total += Number(row.total);
      return total;
    },
    async countBy(collection, name, query = {}) {
      const params: SqlParam[] = [collection];
      const value = `doc->'${field(name)}'`;
      const where = whereClause(query, params);
      const rows = await sql.query<{ value: ValueCount['value']; count: string }>(
        `select ${value} as value, count(*) as count from rm_documents
         where collection = $1${where} and jsonb_typeof(${value}) in ('string', 'number', 'boolean')
         group by ${value} order by count(*) desc, ${value} limit $${params.push(query.limit ?? 100)}`,
        params,
      );
      return rows.map((row) => ({ value: row.value, count: Number(row.count) }));
    },
    async geoTiles(collection, query) {
      const sums = tileSums();
      const grouped = (documents: string, filtered: CountQuery, params: SqlParam[]) =>
        groupedTiles(documents, { ...query, ...filtered }, params);
      for await (const rows of aggregatedChunks<TileRow>(collection, query, grouped)) sums.add(rows);
      return sums.tiles(query.zoom, query.limit, query.countBy);
    },
    async amend(collection, ids, change) {
      if (ids.length === 0) return;
      await sql.transaction(async (tx) => {
        // Locked until the change is stored: a projection's write waits for it, then replaces it (newer version).
        const rows = await tx.query<{ id: string; doc: Parameters<typeof change>[0] }>(
          'select id, doc from rm_documents where collection = $1 and id = any($2::text[]) for update',
          [collection, [...ids]],
        );
        const changed = rows.flatMap(({ id, doc }) => {
          const next = change(doc);
          return next ? [{ id, doc: next }] : [];
        });
        if (changed.length > 0)
          await tx.query(
            `update rm_documents d set doc = w.doc from jsonb_to_recordset($2::jsonb) as w(id text, doc jsonb)
             where d.collection = $1 and d.id = w.id`,
            [collection, JSON.stringify(changed)],
          );
      });
    },
  };
}
