import { measurementSearchWindow, selectionFields } from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsEngine } from './analytics-engine.ts';
import { createElasticsearchAnalytics } from './elasticsearch-analytics.ts';
import { seedBothStores } from './engine-equivalence.fixture.ts';
import { createSqlAnalytics } from './sql-analytics.ts';

// Measurement search (docs/product/api.md#measurements) counts every measurement found, past the 10,000 hits
// Elasticsearch counts by default (`track_total_hits`): the count is exact on both engines, in the same shape, while
// pages reach the first 10,000.

const found = measurementSearchWindow + 50;
const start = Date.parse('2023-03-01T00:00:00.000Z');
const idOf = (index: number) => `counted-${String(index).padStart(5, '0')}`;
const dataset = Array.from({ length: found }, (_, index) =>
  sampleMeasurement({
    measurementId: idOf(index),
    probeId: 'counted',
    measuredAt: new Date(start + index * 60_000).toISOString(),
    kpis: { download: 50 + (index % 40) },
  }),
);
// A second probe's measurements, so that the count is of the selection, not of the index.
const others = Array.from({ length: 20 }, (_, index) =>
  sampleMeasurement({ measurementId: `other-${index}`, probeId: 'other', measuredAt: '2023-02-01T00:00:00.000Z' }),
);

describe(`measurement search counts: ${found} measurements found, on both engines`, { timeout: 180_000 }, () => {
  let stores: Awaited<ReturnType<typeof seedBothStores>>;
  let engines: [string, AnalyticsEngine][];

  beforeAll(async () => {
    stores = await seedBothStores([...dataset, ...others]);
    engines = [
      ['Elasticsearch', createElasticsearchAnalytics(stores.elasticsearch)],
      ['SQL', createSqlAnalytics(stores.sql)],
    ];
  }, 180_000);
  afterAll(async () => stores?.close());

  const counted = { filter: selectionFields.parse({ probes: ['counted'] }) };

  it('answers the exact count with the last page the window reaches', async () => {
    for (const [engine, analytics] of engines) {
      const { total, rows } = await analytics.rows(
        counted,
        {},
        { sort: 'measuredAt', order: 'desc', offset: measurementSearchWindow - 25, limit: 25 },
      );
      expect(total, engine).toBe(found);
      // Newest first: the 9,976th to the 10,000th newest.
      expect(
        rows.map((row) => row.measurementId),
        engine,
      ).toEqual(Array.from({ length: 25 }, (_, index) => idOf(found - (measurementSearchWindow - 25) - 1 - index)));
    }
  });

  it('counts a selection narrowed below the window exactly too', async () => {
    const lastDay = { filter: selectionFields.parse({ probes: ['counted'], tsStart: '2023-03-07T00:00:00Z' }) };
    const expected = dataset.filter((row) => row.measuredAt >= '2023-03-07T00:00:00.000Z').length;
    for (const [engine, analytics] of engines)
      expect(
        (await analytics.rows(lastDay, {}, { sort: 'measuredAt', order: 'asc', offset: 0, limit: 1 })).total,
        engine,
      ).toBe(expected);
  });
});
