import { randomUUID } from 'node:crypto';
import type { EnrichedMeasurement, Metric, QueryResult } from '@nq/contracts';
import { openPgClient } from '@nq/platform/sql/pg-client';
import { createTestDatabase, infra } from '@nq/platform/testing/infra';
import { openElasticsearchMeasurementStore } from '@nq/projections/measurements/elasticsearch-measurement-store';
import { openSqlMeasurementStore } from '@nq/projections/measurements/sql-measurement-store';
import { expect } from 'vitest';

const batchSize = 1000;

/**
 * The same measurements in fresh Elasticsearch indices and a fresh PostgreSQL database on the real servers, for the
 * engine-equivalence suites; `close` removes both.
 */
export async function seedBothStores(dataset: EnrichedMeasurement[]) {
  const indexPrefix = `test-analytics-${randomUUID().slice(0, 8)}`;
  const database = await createTestDatabase();
  const sql = await openPgClient(database.url);
  const sqlStore = await openSqlMeasurementStore(sql);
  const elasticsearch = await openElasticsearchMeasurementStore({ url: infra.elasticsearchUrl, indexPrefix });
  for (let start = 0; start < dataset.length; start += batchSize) {
    const batch = dataset.slice(start, start + batchSize);
    const { failed } = await elasticsearch.write(batch);
    if (failed.length > 0) throw new Error(`seeding Elasticsearch failed: ${JSON.stringify(failed[0])}`);
    await sqlStore.write(batch);
  }
  await elasticsearch.client.indices.refresh({ index: elasticsearch.alias });
  const counts = [await elasticsearch.count(), await sqlStore.count()];
  if (counts.some((count) => count !== dataset.length))
    throw new Error(`seeded ${counts.join(' and ')} measurements, not ${dataset.length}`);

  return {
    indexPrefix,
    sql,
    elasticsearch,
    async close() {
      await elasticsearch.client.indices.delete({ index: `${elasticsearch.alias}-*` }).catch(() => undefined);
      await elasticsearch.client.indices.deleteIndexTemplate({ name: elasticsearch.alias }).catch(() => undefined);
      await elasticsearch.close();
      await sql.close();
      await database.drop();
    },
  };
}

// Answers compared exact for count, min, max, first, last and unique counts, avg (and what is derived from
// it) to 1e-9 relative, percentiles (median, p10, p90, boxplot quartiles) within 1% relative. In practice
// Elasticsearch's t-digest is exact at these bucket sizes (see compile-elasticsearch.ts); the tolerance is what is
// guaranteed beyond them.
export const averageTolerance = 1e-9;
export const percentileTolerance = 0.01;
const percentileMetrics: readonly Metric[] = ['median', 'p10', 'p90'];

export const toleranceOf = (metric: Metric) =>
  percentileMetrics.includes(metric) ? percentileTolerance : metric === 'avg' ? averageTolerance : 0;

const relativeDifference = (a: number, b: number) =>
  a === b ? 0 : Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b));

export function expectClose(
  actual: number | undefined,
  expected: number | undefined,
  tolerance: number,
  where: string,
) {
  expect(actual === undefined, where).toBe(expected === undefined);
  if (actual === undefined || expected === undefined) return;
  if (tolerance === 0) expect(actual, where).toBe(expected);
  else
    expect(relativeDifference(actual, expected), `${where}: ${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);
}

/** Two answers to one query agree: same series and buckets, values within the metric's tolerance. */
export function expectEquivalent(es: QueryResult, sql: QueryResult) {
  expect(es.kind).toBe(sql.kind);
  expect(es.warnings).toEqual(sql.warnings);
  expect(es.series.map((series) => series.key)).toEqual(sql.series.map((series) => series.key));
  if (es.kind === 'metric' && sql.kind === 'metric') {
    const tolerance = toleranceOf(sql.metric);
    // Means of bucket values are sums in floating point: to 1e-9 even when the bucket values are exact.
    const derived = Math.max(tolerance, averageTolerance);
    es.series.forEach((series, index) => {
      const other = sql.series[index]!;
      const where = JSON.stringify(series.key);
      expect(series.buckets.map((b) => [b.key, b.count])).toEqual(other.buckets.map((b) => [b.key, b.count]));
      series.buckets.forEach((bucket, position) => {
        const expected = other.buckets[position]!;
        expectClose(bucket.value, expected.value, tolerance, `${where} ${bucket.key}`);
        expectClose(bucket.movingAverage, expected.movingAverage, derived, `${where} ${bucket.key} moving average`);
      });
      expectClose(series.globalAverage, other.globalAverage, derived, `${where} global average`);
      expectClose(series.globalMedian, other.globalMedian, derived, `${where} global median`);
    });
    expect(es.matrix === undefined).toBe(sql.matrix === undefined);
    if (es.matrix && sql.matrix) {
      const { values, ...headers } = es.matrix;
      const { values: expected, ...expectedHeaders } = sql.matrix;
      expect(headers).toEqual(expectedHeaders);
      values.forEach((row, r) => {
        row.forEach((cell, c) => {
          expect(cell === null, `cell ${r},${c} empty`).toBe(expected[r]![c] === null);
          if (cell !== null) expectClose(cell, expected[r]![c]!, tolerance, `cell ${r},${c}`);
        });
      });
    }
  }
  if (es.kind === 'boxplot' && sql.kind === 'boxplot') {
    es.series.forEach((series, index) => {
      const other = sql.series[index]!;
      expect(series.buckets.map((b) => [b.key, b.count, b.min, b.max])).toEqual(
        other.buckets.map((b) => [b.key, b.count, b.min, b.max]),
      );
      series.buckets.forEach((bucket, position) => {
        for (const quartile of ['q1', 'median', 'q3'] as const)
          expectClose(bucket[quartile], other.buckets[position]![quartile], percentileTolerance, quartile);
      });
    });
  }
  if (es.kind === 'scatterplot' && sql.kind === 'scatterplot') {
    expect([es.seed, es.sampleSize]).toEqual([sql.seed, sql.sampleSize]);
    es.series.forEach((series, index) => {
      const other = sql.series[index]!;
      expect(series.total).toBe(other.total);
      expect(series.points.length).toBe(Math.min(series.total, es.sampleSize));
      // Below the cap every matching measurement is drawn, whichever the engine's hash.
      if (series.total <= es.sampleSize) expect(series.points).toEqual(other.points);
    });
  }
}
