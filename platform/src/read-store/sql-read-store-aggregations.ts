import { tileKey, tileLatitudeLimit } from '@nq/contracts';
import type { SqlClient, SqlParam } from '../sql/sql-client.ts';
import type { GeoBounds, GeoTile, GeoTiles, ValueCount, ValueRange } from './read-store-aggregations.ts';
import { geoPointField } from './read-store-aggregations.ts';
import type { CountQuery, ReadStore } from './read-store-port.ts';

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

/** A `{ lat, lon }` inside the box. */
export const withinCondition = (point: string, box: GeoBounds, params: SqlParam[]) =>
  boxCondition(numberOf(`${point}->'lat'`), numberOf(`${point}->'lon'`), box, params);

/** The tile index of a latitude at 2^z tiles (`tiles`), clamped to the map as web maps draw it. */
const tileY = (lat: string, tiles: string) => {
  const clamped = `radians(least(greatest(${lat}, -${tileLatitudeLimit}), ${tileLatitudeLimit}))`;
  return `least(greatest(floor((1 - ln(tan(${clamped}) + 1 / cos(${clamped})) / pi()) / 2 * ${tiles}), 0), ${tiles} - 1)`;
};
const tileX = (lon: string, tiles: string) =>
  `least(greatest(floor((${lon} + 180) / 360 * ${tiles}), 0), ${tiles} - 1)`;

interface TileRow {
  x: number;
  y: number;
  value: unknown;
  count: string | number;
  lat_sum: number;
  lon_sum: number;
  tile_count: string | number;
  total: string | number;
  south: number;
  north: number;
  west: number;
  east: number;
}

/** Tiles from their rows (one per tile and value counted by): counts, centroids and the values' counts. */
function tilesOf(rows: TileRow[], zoom: number, countBy: string | undefined): GeoTiles {
  const tiles = new Map<string, GeoTile & { latSum: number; lonSum: number }>();
  for (const row of rows) {
    const key = tileKey({ z: zoom, x: Number(row.x), y: Number(row.y) });
    const tile = tiles.get(key) ?? { key, count: 0, centroid: { lat: 0, lon: 0 }, latSum: 0, lonSum: 0 };
    const count = Number(row.count);
    tile.count += count;
    tile.latSum += Number(row.lat_sum);
    tile.lonSum += Number(row.lon_sum);
    if (countBy && row.value !== null && row.value !== undefined)
      tile.counts = [...(tile.counts ?? []), { value: row.value as ValueCount['value'], count }];
    tiles.set(key, tile);
  }
  const first = rows[0];
  return {
    tiles: [...tiles.values()]
      .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
      .map(({ latSum, lonSum, ...tile }) => ({
        ...tile,
        centroid: { lat: latSum / tile.count, lon: lonSum / tile.count },
        ...(countBy ? { counts: (tile.counts ?? []).sort((a, b) => b.count - a.count) } : {}),
      })),
    total: Number(first?.total ?? 0),
    ...(first ? { bounds: { west: first.west, south: first.south, east: first.east, north: first.north } } : {}),
  };
}

/** Counts, grouped counts, map tiles and in-place changes of the SQL read store, given its own where clause. */
export function sqlAggregations(
  sql: SqlClient,
  whereClause: WhereClause,
  field: (name: string) => string,
): Pick<ReadStore, 'count' | 'countBy' | 'geoTiles' | 'amend'> {
  return {
    async count(collection, query = {}) {
      const params: SqlParam[] = [collection];
      const where = whereClause(query, params);
      const [row] = await sql.query<{ total: string }>(
        `select count(*) as total from rm_documents where collection = $1${where}`,
        params,
      );
      return Number(row?.total ?? 0);
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
      const params: SqlParam[] = [collection];
      // A box prunes documents as they are scanned; without one, those with a point are kept after reading it.
      const filters = [
        ...(query.filters ?? []),
        ...(query.within ? [{ field: geoPointField, within: query.within }] : []),
      ];
      const where = whereClause({ ...query, filters }, params);
      const value = query.countBy ? `doc->'${field(query.countBy)}'` : 'null::jsonb';
      const tiles = `$${params.push(2 ** query.zoom)}::float8`;
      const limit = `$${params.push(query.limit)}`;
      // The point read once per document; one row per tile and value counted by; the tiles ranked by their whole
      // count, every row kept for the fullest.
      const rows = await sql.query<TileRow>(
        `with points as (
           select doc->'${geoPointField}' as point, ${value} as value from rm_documents where collection = $1${where}
         ), placed as (
           select * from (
             select ${numberOf("point->'lat'")} as lat, ${numberOf("point->'lon'")} as lon, value from points
           ) numbers where lat is not null and lon is not null
         ), grouped as (
           select ${tileX('lon', tiles)} as x, ${tileY('lat', tiles)} as y, value, count(*) as count,
             sum(lat) as lat_sum, sum(lon) as lon_sum, min(lat) as south, max(lat) as north, min(lon) as west,
             max(lon) as east
           from placed group by 1, 2, 3
         ), ranked as (
           select *, sum(count) over (partition by x, y) as tile_count from grouped
         ), placed_all as (
           select *, dense_rank() over (order by tile_count desc, x, y) as rank, sum(count) over () as total,
             min(south) over () as all_south, max(north) over () as all_north, min(west) over () as all_west,
             max(east) over () as all_east
           from ranked
         )
         select x, y, value, count, lat_sum, lon_sum, tile_count, total, all_south as south, all_north as north,
           all_west as west, all_east as east
         from placed_all where rank <= ${limit}`,
        params,
      );
      return tilesOf(rows, query.zoom, query.countBy);
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
