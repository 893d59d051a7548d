import type { EnrichedMeasurement } from '@nq/contracts';
import { migrate, type SchemaModule } from '../sql/migrations.ts';
import type { SqlClient } from '../sql/sql-client.ts';
import type { MeasurementStore } from './measurement-store-port.ts';
import { writeIsolatingRefusals } from './write-isolating-refusals.ts';

// The fields the analytics filter and group by are columns; the whole document stays in `doc`.
const tables = `
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

/** The table, step by step (a later change is a new step). */
export const measurementsSchema: SchemaModule = {
  name: 'measurements',
  migrations: [
    { id: '1-tables', up: tables },
    // ISPs are identified by provider id; measurements stored before get theirs at start-up (stored-isp-ids.ts).
    { id: '2-isp-id', up: 'alter table measurements add column if not exists isp_id text' },
  ],
};

const columns = [
  'measurement_id',
  'probe_id',
  'measured_at',
  'received_at',
  'program',
  'test_type',
  'technology',
  'isp',
  'isp_id',
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
  isp_id: m.ispId ?? null,
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

const assignPageSize = 5_000;

/** Measurements in the embedded database (PGlite) or PostgreSQL: one upsert per batch. */
export async function openSqlMeasurementStore(sql: SqlClient): Promise<MeasurementStore> {
  await migrate(sql, measurementsSchema);
  return {
    adapter: `sql (${sql.dialect})`,
    async write(measurements) {
      if (measurements.length === 0) return { failed: [] };
      const unique = [...new Map(measurements.map((m) => [m.measurementId, m])).values()];
      const upsert = async (batch: EnrichedMeasurement[]) => {
        await sql.query(
          `insert into measurements (${columns.join(', ')})
           select ${columns.join(', ')} from jsonb_populate_recordset(null::measurements, $1::jsonb)
           on conflict (measurement_id) do update set ${columns
             .filter((column) => column !== 'measurement_id')
             .map((column) => `${column} = excluded.${column}`)
             .join(', ')}`,
          [JSON.stringify(batch.map(rowOf))],
        );
      };
      return { failed: await writeIsolatingRefusals(unique, upsert) };
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
    async assignIspIds(ispIdOf) {
      let assigned = 0;
      // Keyset pages by id: measurements left without one are passed once, not read again.
      for (let after = ''; ; ) {
        const rows = await sql.query<{
          measurement_id: string;
          isp: string | null;
          imsi: string | null;
          ip: string | null;
        }>(
          `select measurement_id, isp, doc ->> 'imsi' as imsi, doc ->> 'ip' as ip from measurements
           where isp_id is null and measurement_id > $1 order by measurement_id limit ${assignPageSize}`,
          [after],
        );
        if (rows.length === 0) return assigned;
        after = rows.at(-1)!.measurement_id;
        const found = rows.flatMap((row) => {
          const ispId = ispIdOf({
            ...(row.isp ? { isp: row.isp } : {}),
            ...(row.imsi ? { imsi: row.imsi } : {}),
            ...(row.ip ? { ip: row.ip } : {}),
          });
          return ispId ? [{ measurement_id: row.measurement_id, isp_id: ispId }] : [];
        });
        if (found.length === 0) continue;
        await sql.query(
          `update measurements m set isp_id = f.isp_id, doc = jsonb_set(m.doc, '{ispId}', to_jsonb(f.isp_id))
           from jsonb_to_recordset($1::jsonb) as f(measurement_id text, isp_id text)
           where m.measurement_id = f.measurement_id`,
          [JSON.stringify(found)],
        );
        assigned += found.length;
      }
    },
    ping: async () => void (await sql.query('select 1')),
    close: async () => undefined,
  };
}
