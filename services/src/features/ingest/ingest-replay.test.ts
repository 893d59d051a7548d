import type { EnrichedMeasurement, Measurement } from '@nq/contracts';
import type { LogRecord } from '@nq/platform/log/log-port';
import { openPgliteClient } from '@nq/platform/sql/pglite-client';
import type { SqlClient } from '@nq/platform/sql/sql-client';
import { applyToCube, type CubeDefinition, type CubeInput, sqlCubeStore } from '@nq/projections';
import { openSqlMeasurementStore } from '@nq/projections/measurements/sql-measurement-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Enrichment } from './enrichment.ts';
import { type BatchOutcome, ingestBatch } from './ingest-batch.ts';

const raw = (offset: number): LogRecord => ({
  topic: 'measurements.raw',
  partition: 4,
  offset: String(offset),
  timestamp: 0,
  key: 'probe-1',
  value: JSON.stringify({
    measurementId: `m-${offset}`,
    probeId: 'probe-1',
    program: 'speedtest',
    testType: 'http-download',
    technology: 4,
    measuredAt: '2026-11-20T10:00:00Z',
    status: 'Finished',
    kpis: { download: 50 },
  }),
});

/** Enrichment with one fact that the configuration may change: the cluster probe-1 belongs to. */
function clusterEnrichment(cluster: { id: string }): Enrichment {
  return {
    invalidate() {},
    async refresh() {},
    async unknownProbes() {
      return new Set<string>();
    },
    enrich: (measurement: Measurement): EnrichedMeasurement => ({
      ...measurement,
      measuredAt: new Date(measurement.measuredAt).toISOString(),
      receivedAt: '2026-11-20T10:00:02.000Z',
      hour: 10,
      weekday: 5,
      fringe: 1,
      campaigns: [],
      clusters: [cluster.id],
      universes: [],
      tags: [],
      technologyLabel: '4G',
    }),
  } as Enrichment;
}

const cube: CubeDefinition = {
  id: 'cube-clusters',
  name: 'by-cluster',
  grain: 'day',
  timeZone: 'UTC',
  dimensions: ['cluster'],
  kpis: ['download'],
};

describe('a batch of measurements.raw delivered again after a crash', () => {
  let sql: SqlClient;
  beforeAll(async () => {
    sql = await openPgliteClient();
  });
  afterAll(() => sql.close());

  it('is passed on as it was stored, though the configuration changed meanwhile: the cubes count it once', async () => {
    const store = await openSqlMeasurementStore(sql);
    const cubes = await sqlCubeStore(sql);
    const cluster = { id: 'cluster-north' };
    const enrichment = clusterEnrichment(cluster);
    const passedOn = (outcome: BatchOutcome) =>
      outcome.indexed.map(({ measurement }): CubeInput => ({ measurement, source: measurement.ingestSource! }));

    const first = await ingestBatch([raw(7)], { enrichment, store });
    await applyToCube(cubes, cube, passedOn(first));
    // The probe moved to another cluster before the batch's offsets were committed; the batch comes again.
    cluster.id = 'cluster-south';
    const again = await ingestBatch([raw(7)], { enrichment, store });
    await applyToCube(cubes, cube, passedOn(again));

    expect(again.indexed.map(({ measurement }) => measurement.clusters)).toEqual([['cluster-north']]);
    expect(JSON.parse(again.indexed[0]!.json)).toEqual(await store.get('m-7'));
    const rows = [];
    for await (const page of cubes.scan(cube.id, { from: '2026-11-20T00:00:00Z', to: '2026-11-21T00:00:00Z' }))
      rows.push(...page.map(({ row }) => ({ cluster: row.dimensions.cluster, count: row.count })));
    expect(rows).toEqual([{ cluster: ['cluster-north'], count: 1 }]);
  });
});
