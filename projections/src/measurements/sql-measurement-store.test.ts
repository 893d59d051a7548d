import { describeMeasurementStore, sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { openPgliteClient } from '@nq/platform/sql/pglite-client';
import { describe, expect, it } from 'vitest';
import { openSqlMeasurementStore } from './sql-measurement-store.ts';

describeMeasurementStore('SQL (PGlite)', async () => openSqlMeasurementStore(await openPgliteClient()));

describe('SQL measurement store refusals', () => {
  it('refuses for good, each on its own, text PostgreSQL cannot hold (NUL, a lone surrogate), naming the reason', async () => {
    const store = await openSqlMeasurementStore(await openPgliteClient());
    const withNul = sampleMeasurement({ isp: 'Movi\u0000star' });
    const withLoneSurrogate = sampleMeasurement({ tags: ['tag-\ud800'] });
    const fine = [sampleMeasurement(), sampleMeasurement()];
    const { failed } = await store.write([withNul, fine[0]!, withLoneSurrogate, fine[1]!]);
    expect(failed).toEqual([
      { measurementId: withNul.measurementId, retryable: false, reason: expect.stringContaining('22P05') },
      { measurementId: withLoneSurrogate.measurementId, retryable: false, reason: expect.stringContaining('22P02') },
    ]);
    for (const measurement of fine) expect(await store.get(measurement.measurementId)).toEqual(measurement);
    await store.close();
  });

  it('throws when the database cannot be reached: the whole batch is worth another try', async () => {
    const sql = await openPgliteClient();
    const store = await openSqlMeasurementStore(sql);
    await sql.close();
    await expect(store.write([sampleMeasurement()])).rejects.toThrow('PGlite is closed');
  });
});

describe('SQL measurements written before ISP ids were stored', () => {
  it('gains the column, and the ids assigned are what queries filter on', async () => {
    const sql = await openPgliteClient();
    // The table as the version before ISP ids created it, with one measurement.
    await sql.exec(`create table measurements (measurement_id text primary key, probe_id text not null,
      measured_at timestamptz not null, received_at timestamptz not null, program text not null, test_type text not null,
      technology smallint not null, isp text, provider text, task_mode text not null, status text not null,
      probe_type text, hour smallint not null, weekday smallint not null, fringe smallint not null,
      campaigns text[] not null, clusters text[] not null, universes text[] not null, tags text[] not null,
      destination text, lat double precision, lon double precision, kpis jsonb not null, doc jsonb not null)`);
    const old = sampleMeasurement({ isp: 'movistar' });
    await sql.query(`insert into measurements select * from jsonb_populate_record(null::measurements, $1::jsonb)`, [
      JSON.stringify({ ...rowOfOld(old), doc: old }),
    ]);
    const store = await openSqlMeasurementStore(sql);
    expect(await store.assignIspIds((facts) => (facts.isp === 'movistar' ? 'provider-movistar' : undefined))).toBe(1);
    expect(await sql.query('select isp_id from measurements')).toEqual([{ isp_id: 'provider-movistar' }]);
    expect((await store.get(old.measurementId))?.ispId).toBe('provider-movistar');
    await sql.close();
  });
});

const rowOfOld = (m: ReturnType<typeof sampleMeasurement>) => ({
  measurement_id: m.measurementId,
  probe_id: m.probeId,
  measured_at: m.measuredAt,
  received_at: m.receivedAt,
  program: m.program,
  test_type: m.testType,
  technology: m.technology,
  isp: m.isp,
  task_mode: m.taskMode,
  status: m.status,
  hour: m.hour,
  weekday: m.weekday,
  fringe: m.fringe,
  campaigns: m.campaigns,
  clusters: m.clusters,
  universes: m.universes,
  tags: m.tags,
  kpis: m.kpis,
});
