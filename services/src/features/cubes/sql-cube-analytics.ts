import { type BucketKey, DomainError, type SeriesKey } from '@nq/contracts';
import type { SqlClient } from '@nq/platform/sql/sql-client';
import type { CubeDefinition } from '@nq/projections';
import {
  cancellableQuery,
  maxBuckets,
  parameters,
  type RawSeries,
  type ScopedQuery,
  type SqlQuery,
  selection,
} from '../analytics/index.ts';
import { type MergedBucket, measuresNeeded, seriesOfMerged } from './cube-buckets.ts';

const rowColumns = {
  count: 'm.count',
  sum: 'm.sum',
  min: 'm.min',
  max: 'm.max',
  first: 'm.first',
  first_at: 'm.first_at',
  first_id: 'm.first_id',
  last: 'm.last',
  last_at: 'm.last_at',
  last_id: 'm.last_id',
  probes: 'm.probes',
  bin_slots: 'm.bin_slots',
  bin_counts: 'm.bin_counts',
};

/** The rows of a cube a query selects (`selected`), with its series and bucket columns, and the grouping. */
function selectedRows(cube: CubeDefinition, query: ScopedQuery) {
  if (query.measure.kind !== 'metric' && query.measure.kind !== 'boxplot')
    throw new Error('a cube answers metrics and boxplots');
  const { params, bind } = parameters();
  const { sql, series } = selection({ ...query, measure: { kind: 'measurements' } }, bind, {
    table: 'cube_rows',
    identity: [],
    values: {},
    breakdowns: query.breakdowns,
    bucket: true,
    columns: rowColumns,
    where: [`m.cube_id = ${bind(cube.id)}`, `m.kpi = ${bind(query.measure.kpi)}`],
  });
  return { params, bind, cte: `with selected as (\n  ${sql}\n)`, groups: [...series, 'bucket'].join(', ') };
}

/** One row per non-empty (series…, bucket) with every mergeable measure but the sketch and the probes. */
export function compileCubeMeasures(cube: CubeDefinition, query: ScopedQuery, limit: number): SqlQuery {
  const { params, bind, cte, groups } = selectedRows(cube, query);
  return {
    text: `${cte}
select ${groups}, sum(count)::float8 as count, sum(sum) as sum, min(min) as min, max(max) as max,
  (array_agg(first order by first_at, first_id collate "C"))[1] as first,
  (array_agg(last order by last_at desc, last_id collate "C" desc))[1] as last
from selected
group by ${groups}
order by ${groups}
limit ${bind(limit)}`,
    params,
  };
}

/** The distinct probes of each (series…, bucket). */
export function compileCubeProbes(cube: CubeDefinition, query: ScopedQuery): SqlQuery {
  const { params, cte, groups } = selectedRows(cube, query);
  return {
    text: `${cte}
select ${groups}, count(distinct probe)::int as probes
from selected cross join lateral unnest(selected.probes) as listed(probe)
group by ${groups}`,
    params,
  };
}

/** The merged sketch bins of each (series…, bucket). */
export function compileCubeBins(cube: CubeDefinition, query: ScopedQuery): SqlQuery {
  const { params, cte, groups } = selectedRows(cube, query);
  return {
    text: `${cte}
select ${groups}, slot, sum(n)::float8 as n
from selected cross join lateral unnest(selected.bin_slots, selected.bin_counts) as bin(slot, n)
group by ${groups}, slot`,
    params,
  };
}

type GroupRow = Record<string, unknown> & { bucket: string | number | Date };

const bucketKeyOf = (query: ScopedQuery, bucket: GroupRow['bucket']): BucketKey =>
  query.granularity === 'no_granularity'
    ? 'all'
    : query.granularity === 'weekday'
      ? Number(bucket)
      : new Date(bucket).toISOString();

const seriesKeyOf = (query: ScopedQuery, row: GroupRow): SeriesKey =>
  Object.fromEntries(query.breakdowns.map((dimension, index) => [dimension, row[`series_${index}`] as string]));

const groupIdOf = (query: ScopedQuery, row: GroupRow) =>
  JSON.stringify([...query.breakdowns.map((_, index) => row[`series_${index}`]), bucketKeyOf(query, row.bucket)]);

/** A metric or boxplot answered from a cube's rows in the platform's SQL database. */
export function sqlCubeAnalytics(sql: SqlClient) {
  return async (cube: CubeDefinition, query: ScopedQuery, signal?: AbortSignal): Promise<RawSeries[]> => {
    const rows = await cancellableQuery<
      GroupRow & { count: number; sum: number; min: number; max: number; first: number; last: number }
    >(sql, compileCubeMeasures(cube, query, maxBuckets + 1), signal);
    if (rows.length > maxBuckets) throw new DomainError('graphics.tooManyBuckets', { details: { maxBuckets } });
    const merged = new Map<string, MergedBucket>();
    for (const row of rows)
      merged.set(groupIdOf(query, row), {
        series: seriesKeyOf(query, row),
        key: bucketKeyOf(query, row.bucket),
        count: Number(row.count),
        sum: row.sum,
        min: row.min,
        max: row.max,
        first: row.first,
        last: row.last,
      });
    if (query.measure.kind === 'metric' && query.measure.metric === 'uniqueCount')
      for (const row of await cancellableQuery<GroupRow & { probes: number }>(
        sql,
        compileCubeProbes(cube, query),
        signal,
      ))
        merged.get(groupIdOf(query, row))!.probes = row.probes;
    if (measuresNeeded(query).bins)
      for (const row of await cancellableQuery<GroupRow & { slot: number; n: number }>(
        sql,
        compileCubeBins(cube, query),
        signal,
      )) {
        const bucket = merged.get(groupIdOf(query, row))!;
        bucket.bins ??= new Map();
        bucket.bins.set(Number(row.slot), Number(row.n));
      }
    return seriesOfMerged(query, [...merged.values()]);
  };
}
