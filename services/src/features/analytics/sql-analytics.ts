import { type BucketKey, DomainError, type EnrichedMeasurement, type PointSeries, type SeriesKey } from '@nq/contracts';
import type { SqlClient } from '@nq/platform/sql/sql-client';
import { type AnalyticsBackend, type AnalyticsEngine, maxBuckets, type RawSeries } from './analytics-engine.ts';
import { cancellableQuery } from './cancellable-sql.ts';
import {
  compileSqlAggregation,
  compileSqlGroups,
  compileSqlRows,
  compileSqlSample,
  compileSqlStats,
  compileSqlTiles,
  type SqlAggregationRow,
  type SqlGroupRow,
  type SqlPointRow,
  type SqlTileRow,
} from './compile-sql.ts';
import { createAnalyticsEngine, type EngineOptions, keysetScan } from './run-query.ts';
import type { ScopedQuery } from './scope-query.ts';

const seriesKeyOf = (query: ScopedQuery, row: Record<`series_${number}`, string | number>): SeriesKey =>
  Object.fromEntries(query.breakdowns.map((dimension, index) => [dimension, row[`series_${index}`]!]));

/** Rows in series order, gathered into series. */
function groupBySeries<Row extends Record<`series_${number}`, string | number>, Item>(
  query: ScopedQuery,
  rows: Row[],
  itemOf: (row: Row) => Item,
) {
  const series = new Map<string, { key: SeriesKey; items: Item[]; first: Row }>();
  for (const row of rows) {
    const key = seriesKeyOf(query, row);
    const id = JSON.stringify(key);
    let entry = series.get(id);
    if (!entry) {
      entry = { key, items: [], first: row };
      series.set(id, entry);
    }
    entry.items.push(itemOf(row));
  }
  return [...series.values()];
}

const tooManyBuckets = () => new DomainError('graphics.tooManyBuckets', { details: { maxBuckets } });

const bucketKeyOf = (query: ScopedQuery, bucket: SqlAggregationRow['bucket']): BucketKey =>
  query.granularity === 'no_granularity'
    ? 'all'
    : query.granularity === 'weekday'
      ? Number(bucket)
      : new Date(bucket).toISOString();

function sqlBackend(sql: SqlClient): AnalyticsBackend {
  const rows: AnalyticsBackend['rows'] = async (query, window, signal) =>
    (await cancellableQuery<{ doc: EnrichedMeasurement }>(sql, compileSqlRows(query, window), signal)).map(
      (row) => row.doc,
    );
  return {
    async aggregate(query, signal): Promise<RawSeries[]> {
      const rows = await cancellableQuery<SqlAggregationRow>(sql, compileSqlAggregation(query, maxBuckets + 1), signal);
      if (rows.length > maxBuckets) throw tooManyBuckets();
      return groupBySeries(query, rows, (row) => ({
        key: bucketKeyOf(query, row.bucket),
        count: row.count,
        ...(query.measure.kind === 'boxplot'
          ? {
              boxplot: {
                min: row.min!,
                q1: row.quartiles![0]!,
                median: row.quartiles![1]!,
                q3: row.quartiles![2]!,
                max: row.max!,
              },
            }
          : { value: row.value! }),
      })).map(({ key, items }) => ({ key, buckets: items }));
    },
    async stats(query, kpi, signal) {
      const [row] = await cancellableQuery<{ count: number; mean: number | null; deviation: number | null }>(
        sql,
        compileSqlStats(query, kpi),
        signal,
      );
      return { count: row?.count ?? 0, mean: row?.mean ?? 0, deviation: row?.deviation ?? 0 };
    },
    async sample(query, sampling, signal): Promise<PointSeries[]> {
      const rows = await cancellableQuery<SqlPointRow>(sql, compileSqlSample(query, sampling), signal);
      return groupBySeries(query, rows, (row) => ({
        measurementId: row.measurement_id,
        probeId: row.probe_id,
        measuredAt: new Date(row.measured_at).toISOString(),
        x: row.x,
        y: row.y,
      })).map(({ key, items, first }) => ({ key, total: first.total, points: items }));
    },
    async tiles(query, zoom, signal) {
      const rows = await cancellableQuery<SqlTileRow>(sql, compileSqlTiles(query, zoom, maxBuckets + 1), signal);
      if (rows.length > maxBuckets) throw tooManyBuckets();
      return rows;
    },
    async groups(query, signal) {
      const rows = await cancellableQuery<SqlGroupRow>(sql, compileSqlGroups(query), signal);
      return rows
        .filter((row) => row.count > 0)
        .map((row) => ({
          key: seriesKeyOf(query, row),
          count: row.count,
          lastMeasuredAt: new Date(row.last!).toISOString(),
        }));
    },
    rows,
    scan: keysetScan(rows),
  };
}

/** Analytics over the `measurements` table of a SQL measurement store (PGlite embedded, PostgreSQL). */
export const createSqlAnalytics = (sql: SqlClient, options?: EngineOptions): AnalyticsEngine =>
  createAnalyticsEngine(sqlBackend(sql), options);
