import { setImmediate } from 'node:timers/promises';
import type { CubeDimension, Dimension } from '@nq/contracts';
import { migrate, type SchemaModule } from '@nq/platform/sql/migrations';
import type { SqlClient } from '@nq/platform/sql/sql-client';
import { dimensionColumns } from '../measurements/measurement-table.ts';
import type { StoredRow } from './cube-rows.ts';
import type { CubeStore, VersionedRow } from './cube-store.ts';

/**
 * A row's columns carry the `measurements` table's names (`isp_id`, `probe_id`, `campaigns`…, and `measured_at` for
 * the bucket start), so the filters the analytics compile for raw measurements select cube rows alike.
 */
export const cubeColumns: Record<CubeDimension, { column: string; type: string }> = {
  ...(Object.fromEntries(
    Object.entries(dimensionColumns).map(([dimension, { column, type, list }]) => [
      dimension,
      { column, type: list ? 'text[]' : type === 'int' ? 'smallint' : 'text' },
    ]),
  ) as Record<Dimension, { column: string; type: string }>),
  hour: { column: 'hour', type: 'smallint' },
  weekday: { column: 'weekday', type: 'smallint' },
};
const keptColumns = Object.values(cubeColumns);
/** Dimensions' columns added by later steps (the first step's table is as it was released). */
const addedLater = new Set(['source']);

const table = `
create table if not exists cube_rows (
  id text primary key,
  cube_id text not null,
  measured_at timestamptz not null,
  kpi text not null,
  source_partition integer not null,
  applied_offset bigint not null,
  version integer not null,
  ${keptColumns
    .filter(({ column }) => !addedLater.has(column))
    .map(({ column, type }) => `${column} ${type}`)
    .join(',\n  ')},
  dimensions jsonb not null,
  count bigint not null,
  sum double precision not null,
  min double precision not null,
  max double precision not null,
  first double precision not null,
  first_at timestamptz not null,
  first_id text not null,
  last double precision not null,
  last_at timestamptz not null,
  last_id text not null,
  probes text[] not null,
  bin_slots integer[] not null,
  bin_counts bigint[] not null);
create index if not exists cube_rows_by_bucket on cube_rows (cube_id, kpi, measured_at);
`;

export const cubeRowsSchema: SchemaModule = {
  name: 'cube-rows',
  migrations: [
    { id: '1-table', up: table },
    // Empty in the rows of cubes that do not keep the source, as every dimension a cube does not keep.
    { id: '2-source', up: 'alter table cube_rows add column if not exists source text' },
  ],
};

interface RowRecord {
  id: string;
  cube_id: string;
  measured_at: string | Date;
  kpi: string;
  source_partition: number;
  applied_offset: string | number;
  version: number;
  dimensions: StoredRow['dimensions'];
  count: string | number;
  sum: number;
  min: number;
  max: number;
  first: number;
  first_at: string | Date;
  first_id: string;
  last: number;
  last_at: string | Date;
  last_id: string;
  probes: string[];
  bin_slots: number[];
  bin_counts: (string | number)[];
}

const iso = (value: string | Date) => new Date(value).toISOString();

const rowOf = (record: RowRecord): VersionedRow => ({
  version: String(record.version),
  row: {
    id: record.id,
    cubeId: record.cube_id,
    bucket: iso(record.measured_at),
    kpi: record.kpi as StoredRow['kpi'],
    partition: record.source_partition,
    appliedOffset: Number(record.applied_offset),
    dimensions: record.dimensions,
    count: Number(record.count),
    sum: record.sum,
    min: record.min,
    max: record.max,
    first: record.first,
    firstAt: iso(record.first_at),
    firstId: record.first_id,
    last: record.last,
    lastAt: iso(record.last_at),
    lastId: record.last_id,
    probes: record.probes,
    bins: { slots: record.bin_slots.map(Number), counts: record.bin_counts.map(Number) },
  },
});

/** The row as a record for `jsonb_populate_record` (version set by the statement). */
function recordOf(row: StoredRow) {
  const record: Record<string, unknown> = {
    id: row.id,
    cube_id: row.cubeId,
    measured_at: row.bucket,
    kpi: row.kpi,
    source_partition: row.partition,
    applied_offset: row.appliedOffset,
    version: 0,
    dimensions: row.dimensions,
    count: row.count,
    sum: row.sum,
    min: row.min,
    max: row.max,
    first: row.first,
    first_at: row.firstAt,
    first_id: row.firstId,
    last: row.last,
    last_at: row.lastAt,
    last_id: row.lastId,
    probes: row.probes,
    bin_slots: row.bins.slots,
    bin_counts: row.bins.counts,
  };
  for (const [dimension, value] of Object.entries(row.dimensions))
    record[cubeColumns[dimension as CubeDimension].column] = value;
  return record;
}

const allColumns = [
  'id',
  'cube_id',
  'measured_at',
  'kpi',
  'source_partition',
  'applied_offset',
  ...keptColumns.map(({ column }) => column),
  'dimensions',
  'count',
  'sum',
  'min',
  'max',
  'first',
  'first_at',
  'first_id',
  'last',
  'last_at',
  'last_id',
  'probes',
  'bin_slots',
  'bin_counts',
];

const rowsPerTransaction = 100;

/** Cube rows in the platform's SQL database (PGlite embedded, PostgreSQL), one table for every cube. */
export async function sqlCubeStore(sql: SqlClient): Promise<CubeStore & { sql: SqlClient }> {
  await migrate(sql, cubeRowsSchema);
  const select = `select id, cube_id, measured_at, kpi, source_partition, applied_offset, version, dimensions, count,
    sum, min, max, first, first_at, first_id, last, last_at, last_id, probes, bin_slots, bin_counts from cube_rows`;
  return {
    adapter: `sql (${sql.dialect})`,
    sql,
    async get(ids) {
      if (ids.length === 0) return new Map();
      const records = await sql.query<RowRecord>(`${select} where id = any($1::text[])`, [ids]);
      return new Map(records.map((record) => [record.id, rowOf(record)]));
    },
    async put(writes) {
      const conflicts: string[] = [];
      if (writes.length === 0) return { conflicts };
      // In transactions of a hundred rows, the event loop let through between them: PGlite runs in this process and
      // answers without ever yielding, so a rebuild's thousands of rows would hold every request for seconds.
      for (let start = 0; start < writes.length; start += rowsPerTransaction) {
        if (start > 0) await setImmediate();
        await sql.transaction(async (tx) => {
          for (const { row, version } of writes.slice(start, start + rowsPerTransaction)) {
            const record = JSON.stringify(recordOf(row));
            const written =
              version === undefined
                ? await tx.query(
                    `insert into cube_rows (${allColumns.join(', ')}, version)
                   select ${allColumns.join(', ')}, 1 from jsonb_populate_record(null::cube_rows, $1::jsonb)
                   on conflict (id) do nothing returning id`,
                    [record],
                  )
                : await tx.query(
                    `update cube_rows set (${allColumns.join(', ')}, version) =
                     (select ${allColumns.join(', ')}, cube_rows.version + 1
                      from jsonb_populate_record(null::cube_rows, $1::jsonb))
                   where id = $2 and version = $3::int returning id`,
                    [record, row.id, version],
                  );
            if (written.length === 0) conflicts.push(row.id);
          }
        });
      }
      return { conflicts };
    },
    async remove(rows) {
      const conflicts: string[] = [];
      await sql.transaction(async (tx) => {
        for (const { id, version } of rows) {
          const removed = await tx.query('delete from cube_rows where id = $1 and version = $2::int returning id', [
            id,
            version,
          ]);
          if (removed.length === 0) conflicts.push(id);
        }
      });
      return { conflicts };
    },
    async *scan(cubeId, { from, to }) {
      for (let after = ''; ; ) {
        const records = await sql.query<RowRecord>(
          `${select} where cube_id = $1 and measured_at >= $2::timestamptz and measured_at < $3::timestamptz
             and id > $4 order by id limit 1000`,
          [cubeId, from, to, after],
        );
        if (records.length > 0) yield records.map(rowOf);
        if (records.length < 1000) return;
        after = records.at(-1)!.id;
      }
    },
    async drop(cubeId) {
      await sql.query('delete from cube_rows where cube_id = $1', [cubeId]);
    },
    async size(cubeId) {
      const [stats] = await sql.query<{
        rows: string | number;
        buckets: string | number;
        oldest: string | Date | null;
        newest: string | Date | null;
        bytes: string | number | null;
      }>(
        `select count(*) as rows, count(distinct measured_at) as buckets, min(measured_at) as oldest,
           max(measured_at) as newest, sum(pg_column_size(cube_rows.*)) as bytes
         from cube_rows where cube_id = $1`,
        [cubeId],
      );
      return {
        rows: Number(stats!.rows),
        buckets: Number(stats!.buckets),
        ...(stats!.oldest ? { oldestBucket: iso(stats!.oldest) } : {}),
        ...(stats!.newest ? { newestBucket: iso(stats!.newest) } : {}),
        sizeBytes: Number(stats!.bytes ?? 0),
      };
    },
    async close() {},
  };
}
