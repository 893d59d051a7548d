import type { EnrichedMeasurement } from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { openPgliteClient } from '@nq/platform/sql/pglite-client';
import type { SqlClient } from '@nq/platform/sql/sql-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyToCube } from './cube-maintenance.ts';
import type { CubeDefinition, CubeInput } from './cube-rows.ts';
import type { CubeStore } from './cube-store.ts';
import { sqlCubeStore } from './sql-cube-store.ts';

const cube: CubeDefinition = {
  id: 'cube-1',
  name: 'by-isp',
  grain: 'hour',
  timeZone: 'UTC',
  dimensions: ['isp', 'technology'],
  kpis: ['download'],
};

/** A measurement of partition 0 at an offset, with a download speed. */
const ingested = (offset: number, download: number, changes: Partial<EnrichedMeasurement> = {}): CubeInput => {
  const measurement = sampleMeasurement({
    ispId: 'provider-movistar',
    kpis: { download },
    measuredAt: '2026-11-20T10:15:00.000Z',
    ingestSource: { partition: 0, offset },
    ...changes,
  });
  return { measurement, source: measurement.ingestSource! };
};

/** The cube's rows of a bucket, summed over partitions, as a query merges them. */
async function totals(store: CubeStore, bucket: string) {
  const rows = [];
  for await (const page of store.scan(cube.id, {
    from: bucket,
    to: new Date(Date.parse(bucket) + 3_600_000).toISOString(),
  }))
    rows.push(...page);
  return {
    count: rows.reduce((sum, { row }) => sum + row.count, 0),
    sum: rows.reduce((sum, { row }) => sum + row.sum, 0),
    max: Math.max(...rows.map(({ row }) => row.max)),
    rows: rows.length,
  };
}

describe('cube maintenance', () => {
  let sql: SqlClient;
  let store: CubeStore;
  beforeAll(async () => {
    sql = await openPgliteClient();
    store = await sqlCubeStore(sql);
  });
  afterAll(() => sql.close());

  it('counts once a measurement a batch holds twice, passed on again after its raw batch was delivered again', async () => {
    const bucket = '2026-11-20T11:00:00.000Z';
    const twice = ingested(7, 55, { measuredAt: '2026-11-20T11:05:00.000Z' });
    await applyToCube(store, cube, [twice, ingested(8, 45, { measuredAt: '2026-11-20T11:06:00.000Z' }), twice]);
    expect(await totals(store, bucket)).toMatchObject({ count: 2, sum: 100 });
  });

  it('counts a batch delivered again once, and of a batch delivered again with more, only the rest', async () => {
    const first = [ingested(0, 10), ingested(1, 20), ingested(2, 30)];
    await applyToCube(store, cube, first);
    await applyToCube(store, cube, first);
    expect(await totals(store, '2026-11-20T10:00:00.000Z')).toMatchObject({ count: 3, sum: 60, max: 30 });
    // After a crash the consumer starts again from its last commit: the old batch comes back with new records.
    await applyToCube(store, cube, [...first, ingested(3, 40), ingested(4, 50)]);
    expect(await totals(store, '2026-11-20T10:00:00.000Z')).toMatchObject({ count: 5, sum: 150, max: 50 });
  });

  it('puts a late measurement in its own bucket, and keeps partitions apart until a query merges them', async () => {
    const late = ingested(5, 7, { measuredAt: '2026-11-19T23:59:59.000Z' });
    const otherPartition = {
      ...ingested(0, 100),
      source: { partition: 1, offset: 0 },
    };
    await applyToCube(store, cube, [late, otherPartition]);
    expect(await totals(store, '2026-11-19T23:00:00.000Z')).toMatchObject({ count: 1, sum: 7 });
    expect(await totals(store, '2026-11-20T10:00:00.000Z')).toMatchObject({ count: 6, sum: 250, max: 100, rows: 2 });
  });

  it('leaves out the KPIs the cube does not keep and the values that are not numbers', async () => {
    const other = ingested(6, 1, {
      measuredAt: '2026-11-20T12:00:00.000Z',
      kpis: { latency: 20, download: Number.NaN },
    });
    await applyToCube(store, cube, [other]);
    expect(await totals(store, '2026-11-20T12:00:00.000Z')).toMatchObject({ count: 0, rows: 0 });
  });
});
