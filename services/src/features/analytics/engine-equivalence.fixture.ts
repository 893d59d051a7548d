import { randomUUID } from 'node:crypto';
import type { EnrichedMeasurement, Metric } from '@nq/contracts';
import { openElasticsearchMeasurementStore } from '@nq/projections/measurements/elasticsearch-measurement-store';
import { openSqlMeasurementStore } from '@nq/projections/measurements/sql-measurement-store';
import { expect } from 'vitest';
import { openPgClient } from '../../platform/sql/pg-client.ts';
import { createTestDatabase, infra } from '../../testing/infra.ts';

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

// Design §6: answers compared exact for count, min, max, first, last and unique counts, avg (and what is derived from
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
