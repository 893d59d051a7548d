import type { EnrichedMeasurement } from '@nq/contracts';
import type { SqlClient } from '../sql/sql-client.ts';
import type { MeasurementStore } from './measurement-store-port.ts';

// The fields the analytics filter and group by are columns; the whole document stays in `doc`.
const schema = `
create table if not exists measurements (
  measurement_id text primary key,
  probe_id text not null,
  measured_at timestamptz not null,
  received_at timestamptz not null,
  program text not null,
  test_type text not null,
  technology smallint not null,
  isp text,
  provider text,
  task_mode text not null,
  status text not null,
  probe_type text,
  hour smallint not null,
  weekday smallint not null,
  fringe smallint not null,
  campaigns text[] not null,
  clusters text[] not null,
  universes text[] not null,
  tags text[] not null,
  destination text,
  lat double precision,
  lon double precision,
  kpis jsonb not null,
  doc jsonb not null);
create index if not exists measurements_by_time on measurements (measured_at);
create index if not exists measurements_by_probe on measurements (probe_id, measured_at);
`;

const columns = [
  'measurement_id',
  'probe_id',
  'measured_at',
  'received_at',
  'program',
  'test_type',
  'technology',
  'isp',
  'provider',
  'task_mode',
  'status',
  'probe_type',
  'hour',
  'weekday',
  'fringe',
  'campaigns',
  'clusters',
  'universes',
  'tags',
  'destination',
  'lat',
  'lon',
  'kpis',
  'doc',
] as const;

const rowOf = (m: EnrichedMeasurement) => ({
  measurement_id: m.measurementId,
  probe_id: m.probeId,
  measured_at: m.measuredAt,
  received_at: m.receivedAt,
  program: m.program,
  test_type: m.testType,
  technology: m.technology,
  isp: m.isp ?? null,
  provider: m.provider ?? null,
  task_mode: m.taskMode,
  status: m.status,
  probe_type: m.probeType ?? null,
  hour: m.hour,
  weekday: m.weekday,
  fringe: m.fringe,
  campaigns: m.campaigns,
  clusters: m.clusters,
  universes: m.universes,
  tags: m.tags,
  destination: m.destination?.name ?? null,
  lat: m.location?.lat ?? null,
  lon: m.location?.lon ?? null,
  kpis: m.kpis,
  doc: m,
});

/** Measurements in the embedded database (PGlite) or PostgreSQL: one upsert per batch. */
export async function openSqlMeasurementStore(sql: SqlClient): Promise<MeasurementStore> {
  await sql.exec(schema);
  return {
    adapter: `sql (${sql.dialect})`,
    async write(measurements) {
      if (measurements.length === 0) return { failed: [] };
      const unique = [...new Map(measurements.map((m) => [m.measurementId, m])).values()];
      await sql.query(
        `insert into measurements (${columns.join(', ')})
         select ${columns.join(', ')} from jsonb_populate_recordset(null::measurements, $1::jsonb)
         on conflict (measurement_id) do update set ${columns
           .filter((column) => column !== 'measurement_id')
           .map((column) => `${column} = excluded.${column}`)
           .join(', ')}`,
        [JSON.stringify(unique.map(rowOf))],
      );
      return { failed: [] };
    },
    async get(measurementId) {
      const [row] = await sql.query<{ doc: EnrichedMeasurement }>(
        'select doc from measurements where measurement_id = $1',
        [measurementId],
      );
      return row?.doc;
    },
    async count(filter = {}) {
      const [row] = await sql.query<{ count: string | number }>(
        'select count(*) as count from measurements where ($1::text is null or probe_id = $1)',
        [filter.probeId ?? null],
      );
      return Number(row!.count);
    },
    ping: async () => void (await sql.query('select 1')),
    close: async () => undefined,
  };
}
