import type { EnrichedMeasurement } from '@nq/contracts';
import { type MeasurementStore, sortStoredCopies } from '@nq/platform/measurements/measurement-store-port';
import { firstMonthKept } from '@nq/platform/measurements/retention';
import { migrate } from '@nq/platform/sql/migrations';
import type { SqlClient } from '@nq/platform/sql/sql-client';
import { measurementColumns as columns, measurementRowOf, measurementsSchema } from './measurement-table.ts';
import { writeIsolatingRefusals } from './write-isolating-refusals.ts';

const assignPageSize = 5_000;
/** PGlite runs no autovacuum: the store refreshes the planner's statistics itself after this many rows written. */
const analyzeEveryRows = 50_000;

/** Measurements in the embedded database (PGlite) or PostgreSQL: one upsert per batch. */
export async function openSqlMeasurementStore(sql: SqlClient): Promise<MeasurementStore> {
  await migrate(sql, measurementsSchema);
  // Without statistics the planner takes a selection for a handful of rows and sorts all of it for every page of a
  // scan (an extraction of 300,000 read about 3,000 a second) instead of reading the time index in order.
  let writtenSinceAnalyze = sql.dialect === 'pglite' ? analyzeEveryRows : 0;
  const analyzeNow = async (written: number) => {
    if (sql.dialect !== 'pglite') return;
    writtenSinceAnalyze += written;
    if (writtenSinceAnalyze < analyzeEveryRows) return;
    writtenSinceAnalyze = 0;
    // Best effort: a write stands whatever the statistics.
    await sql.query('analyze measurements').catch(() => undefined);
  };
  const store: MeasurementStore = {
    adapter: `sql (${sql.dialect})`,
    async write(measurements, _json, { keepFirst = false } = {}) {
      if (measurements.length === 0) return { failed: [] };
      const byId = new Map<string, EnrichedMeasurement>();
      // Keeping the first copy, the first of a batch is the one stored; otherwise the last one replaces the others.
      for (const m of measurements) if (!keepFirst || !byId.has(m.measurementId)) byId.set(m.measurementId, m);
      const unique = [...byId.values()];
      const onConflict = keepFirst
        ? 'do nothing'
        : `do update set ${columns
            .filter((column) => column !== 'measurement_id')
            .map((column) => `${column} = excluded.${column}`)
            .join(', ')}`;
      // Keeping the first copy, what each statement inserted: the ids of the others were stored before.
      const insertedNow = new Set<string>();
      const upsert = async (batch: EnrichedMeasurement[]) => {
        const inserted = await sql.query<{ measurement_id: string }>(
          `insert into measurements (${columns.join(', ')})
           select ${columns.join(', ')} from jsonb_populate_recordset(null::measurements, $1::jsonb)
           on conflict (measurement_id) ${onConflict}${keepFirst ? ' returning measurement_id' : ''}`,
          [JSON.stringify(batch.map(measurementRowOf))],
        );
        if (keepFirst) for (const row of inserted) insertedNow.add(row.measurement_id);
      };
      const failed = await writeIsolatingRefusals(unique, upsert);
      await analyzeNow(unique.length - failed.length);
      if (!keepFirst) return { failed };
      const refused = new Set(failed.map((failure) => failure.measurementId));
      const held = new Map(unique.filter((m) => insertedNow.has(m.measurementId)).map((m) => [m.measurementId, m]));
      const storedBefore = unique.map((m) => m.measurementId).filter((id) => !insertedNow.has(id) && !refused.has(id));
      if (storedBefore.length > 0)
        for (const { doc } of await sql.query<{ doc: EnrichedMeasurement }>(
          'select doc from measurements where measurement_id = any($1::text[])',
          [storedBefore],
        ))
          held.set(doc.measurementId, doc);
      return { failed, ...sortStoredCopies(measurements, held) };
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
    async page(after, limit) {
      const rows = await sql.query<{ doc: EnrichedMeasurement }>(
        'select doc from measurements where measurement_id > $1 order by measurement_id limit $2',
        [after, limit],
      );
      return rows.map((row) => row.doc);
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
    applyRetention(months, now) {
      return store.deleteMonthsBefore(firstMonthKept(now, months));
    },
    async deleteMonthsBefore(month) {
      const deleted = await sql.query<{ month: string; count: string | number }>(
        `with gone as (delete from measurements where measured_at < $1 returning measured_at)
         select to_char(measured_at at time zone 'UTC', 'YYYY-MM') as month, count(*) as count
         from gone group by 1 order by 1`,
        [`${month}-01T00:00:00Z`],
      );
      return {
        months: deleted.map((row) => row.month),
        measurements: deleted.reduce((sum, row) => sum + Number(row.count), 0),
      };
    },
    ping: async () => void (await sql.query('select 1')),
    close: async () => undefined,
  };
  return store;
}
