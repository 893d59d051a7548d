import type { ComparisonOperator, Condition, Dimension, Granularity, KpiId, Metric, RowSortField } from '@nq/contracts';
import type { SqlParam } from '@nq/platform/sql/sql-client';
import { dimensionColumns } from '@nq/projections';
import type { RowWindow, Sampling } from './analytics-engine.ts';
import { kpisOfMeasure, type ScopedQuery } from './scope-query.ts';

// The IR as one parameterised query over the `measurements` table (PGlite or PostgreSQL). Every value is
// a parameter; identifiers come from the fixed tables below.

export interface SqlQuery {
  text: string;
  params: SqlParam[];
}

const truncationUnits: Record<Exclude<Granularity, 'weekday' | 'no_granularity'>, string> = {
  minutes: 'minute',
  hours: 'hour',
  day: 'day',
  week: 'week',
  month: 'month',
  quarter: 'quarter',
  year: 'year',
};

const operators: Record<ComparisonOperator, string> = { gte: '>=', gt: '>', lt: '<', lte: '<=', eq: '=' };

/** PostgreSQL's exact percentile(s) (a fraction or an array of them): linear interpolation between neighbours. */
const percentile = (fractions: string) => `percentile_cont(${fractions}) within group (order by value)`;

/** first / last: the value of the earliest / latest measurement, ties broken by measurement id (byte order). */
const firstOrLast = (direction: 'asc' | 'desc') =>
  `(array_agg(value order by measured_at ${direction}, measurement_id collate "C" ${direction}))[1]`;

const metricAggregates: Record<Metric, string> = {
  avg: 'avg(value)',
  count: 'count(*)::int',
  min: 'min(value)',
  max: 'max(value)',
  median: percentile('0.5'),
  p10: percentile('0.1'),
  p90: percentile('0.9'),
  first: firstOrLast('asc'),
  last: firstOrLast('desc'),
  uniqueCount: 'count(distinct probe_id)::int',
};

/**
 * Collects parameters. The same text (a KPI name, the time zone) is bound once; numbers are not shared, since one
 * parameter cast to two types (`::int`, `::float8`) is refused.
 */
export function parameters() {
  const params: SqlParam[] = [];
  const texts = new Map<string, string>();
  const bind = (value: SqlParam) => {
    const shared = typeof value === 'string' ? texts.get(value) : undefined;
    if (shared) return shared;
    params.push(value);
    const placeholder = `$${params.length}`;
    if (typeof value === 'string') texts.set(value, placeholder);
    return placeholder;
  };
  return { params, bind };
}
export type Bind = ReturnType<typeof parameters>['bind'];

const kpiValue = (bind: Bind, kpi: KpiId) => `(m.kpis ->> ${bind(kpi)})::float8`;

function conditionSql(condition: Condition, bind: Bind): string {
  if ('and' in condition) return `(${condition.and.map((c) => conditionSql(c, bind)).join(' and ')})`;
  if ('or' in condition) return `(${condition.or.map((c) => conditionSql(c, bind)).join(' or ')})`;
  if ('not' in condition) return `(not ${conditionSql(condition.not, bind)})`;
  if (condition.operator === 'not_exists') return `((m.kpis ->> ${bind(condition.kpi)}) is null)`;
  // A comparison with a KPI the measurement lacks is false, not unknown, so `not` keeps that measurement.
  return `coalesce(${kpiValue(bind, condition.kpi)} ${operators[condition.operator]} ${bind(condition.value)}::float8, false)`;
}

function filterSql({ dimension, mode, values }: ScopedQuery['filters'][number], bind: Bind): string {
  const { column, type, list } = dimensionColumns[dimension];
  const matches = list
    ? `m.${column} && ${bind([...values])}::text[]`
    : `m.${column} = any(${bind([...values])}::${type}[])`;
  return mode === 'include' ? matches : `not coalesce(${matches}, false)`;
}

function bucketSql(query: ScopedQuery, bind: Bind): string {
  if (query.granularity === 'no_granularity') return `'all'`;
  // Weekdays are the measurement's local ones, recorded at ingest like hours and fringes.
  if (query.granularity === 'weekday') return 'm.weekday';
  return `date_trunc(${bind(truncationUnits[query.granularity])}, m.measured_at, ${bind(query.timeZone)})`;
}

/**
 * The measurements a query selects, one row per measurement and series (list breakdowns such as campaigns unnest:
 * a measurement in two campaigns counts in both series), with `values` (alias → KPI) and the series columns.
 */
export function selection(
  query: ScopedQuery,
  bind: Bind,
  options: {
    /** The table read (default `measurements`); a cube's rows have its columns' names. */
    table?: string;
    /** The row's own columns kept (default the measurement's id, probe and time). */
    identity?: string[];
    values: Record<string, KpiId>;
    breakdowns: readonly Dimension[];
    bucket?: boolean;
    /** More columns (alias → expression over `m`). */
    columns?: Record<string, string>;
    /** More conditions. */
    where?: string[];
  },
) {
  const joins: string[] = [];
  const where: string[] = [];
  const seriesColumns = options.breakdowns.map((dimension, index) => {
    const { column, list } = dimensionColumns[dimension];
    const alias = `series_${index}`;
    if (!list) {
      where.push(`m.${column} is not null`);
      return `m.${column} as ${alias}`;
    }
    joins.push(`cross join lateral unnest(m.${column}) as ${alias}(value)`);
    // Series of a list dimension are only those the filters let through (e.g. the profile's campaigns).
    const included = query.filters.find((filter) => filter.dimension === dimension && filter.mode === 'include');
    if (included) where.push(`${alias}.value = any(${bind([...included.values])}::text[])`);
    return `${alias}.value as ${alias}`;
  });
  if (query.matchesNothing) where.push('false');
  if (query.located) where.push('m.lat is not null and m.lon is not null');
  if (query.from) where.push(`m.measured_at >= ${bind(query.from)}::timestamptz`);
  if (query.to) where.push(`m.measured_at <= ${bind(query.to)}::timestamptz`);
  if (query.receivedUntil) where.push(`m.received_at <= ${bind(query.receivedUntil)}::timestamptz`);
  if (query.hours) {
    const [start, end] = [bind(query.hours.start), bind(query.hours.end)];
    where.push(
      query.hours.start <= query.hours.end
        ? `m.hour between ${start}::int and ${end}::int`
        : `(m.hour >= ${start}::int or m.hour <= ${end}::int)`,
    );
  }
  if (query.connectedDevices) {
    const { min, max } = query.connectedDevices;
    where.push('m.connected_devices is not null');
    if (min !== undefined) where.push(`m.connected_devices >= ${bind(min)}::int`);
    if (max !== undefined) where.push(`m.connected_devices <= ${bind(max)}::int`);
  }
  for (const filter of query.filters) where.push(filterSql(filter, bind));
  for (const kpi of kpisOfMeasure(query.measure)) where.push(`(m.kpis ->> ${bind(kpi)}) is not null`);
  if (query.conditions) where.push(conditionSql(query.conditions, bind));
  where.push(...(options.where ?? []));

  const selected = [
    ...(options.identity ?? ['m.measurement_id', 'm.probe_id', 'm.measured_at']),
    ...Object.entries(options.values).map(([alias, kpi]) => `${kpiValue(bind, kpi)} as ${alias}`),
    ...seriesColumns,
    ...(options.bucket ? [`${bucketSql(query, bind)} as bucket`] : []),
    ...Object.entries(options.columns ?? {}).map(([alias, expression]) => `${expression} as ${alias}`),
  ];
  return {
    sql: `select ${selected.join(', ')}
  from ${options.table ?? 'measurements'} m ${joins.join(' ')}
  where ${where.length > 0 ? where.join('\n    and ') : 'true'}`,
    series: options.breakdowns.map((_, index) => `series_${index}`),
  };
}

/** One row per non-empty (series…, bucket): `count`, and `value` (metric) or `min`, `quartiles`, `max` (boxplot). */
export interface SqlAggregationRow {
  [series: `series_${number}`]: string | number;
  bucket: string | number | Date;
  count: number;
  value?: number;
  min?: number;
  quartiles?: number[];
  max?: number;
}

/** A metric or boxplot query; at most `limit` rows (ask one more than allowed to tell an overflow). */
export function compileSqlAggregation(query: ScopedQuery, limit: number): SqlQuery {
  if (query.measure.kind !== 'metric' && query.measure.kind !== 'boxplot')
    throw new Error('only a metric or a boxplot is aggregated');
  const { params, bind } = parameters();
  const { sql, series } = selection(query, bind, {
    values: { value: query.measure.kpi },
    breakdowns: query.breakdowns,
    bucket: true,
  });
  const aggregates =
    query.measure.kind === 'boxplot'
      ? `min(value) as min, ${percentile('array[0.25, 0.5, 0.75]')} as quartiles, max(value) as max`
      : `${metricAggregates[query.measure.metric]} as value`;
  const groups = [...series, 'bucket'].join(', ');
  return {
    text: `with selected as (
  ${sql}
)
select ${groups}, count(*)::int as count, ${aggregates}
from selected
group by ${groups}
order by ${groups}
limit ${bind(limit)}`,
    params,
  };
}

/** Count, mean and population standard deviation of a KPI over the selection (one row). */
export function compileSqlStats(query: ScopedQuery, kpi: KpiId): SqlQuery {
  const { params, bind } = parameters();
  const { sql } = selection(query, bind, { values: { value: kpi }, breakdowns: [] });
  return {
    text: `with selected as (
  ${sql}
)
select count(*)::int as count, avg(value) as mean, stddev_pop(value) as deviation from selected`,
    params,
  };
}

export interface SqlPointRow {
  [series: `series_${number}`]: string | number;
  measurement_id: string;
  probe_id: string;
  measured_at: string | Date;
  x: number;
  y: number;
  total: number;
}

/**
 * A scatterplot sample: per series, the `size` measurements first in the order of md5(seed:measurement id) — the
 * same seed picks the same points — with the series' total before sampling.
 */
export function compileSqlSample(query: ScopedQuery, sampling: Sampling): SqlQuery {
  if (query.measure.kind !== 'scatterplot') throw new Error('only a scatterplot is sampled');
  const { params, bind } = parameters();
  const { sql, series } = selection(query, bind, {
    values: { x: query.measure.x, y: query.measure.y },
    breakdowns: query.breakdowns,
  });
  const partition = series.length > 0 ? `partition by ${series.join(', ')}` : '';
  return {
    text: `with selected as (
  ${sql}
), ranked as (
  select selected.*,
    row_number() over (${partition} order by md5(${bind(String(sampling.seed))} || ':' || measurement_id), measurement_id collate "C") as rank,
    (count(*) over (${partition}))::int as total
  from selected
)
select ${['measurement_id', 'probe_id', 'measured_at', 'x', 'y', 'total', ...series].join(', ')}
from ranked
where rank <= ${bind(sampling.size)}
order by ${[...series, 'measurement_id collate "C"'].join(', ')}`,
    params,
  };
}

/** Web-mercator latitudes end here (the square world of the tiles); a tile's y is clipped the same either way. */
const mercatorLatitudeLimit = 85.05112878;

export interface SqlTileRow {
  x: number;
  y: number;
  count: number;
  value: number;
}

/**
 * A metric per web-mercator tile of a zoom, over located measurements, with the tile numbers of Elasticsearch's
 * `geotile_grid` (x = ⌊(lon + 180) / 360 · 2^zoom⌋, y from the latitude's mercator projection, both clipped to the
 * grid). At most `limit` rows.
 */
export function compileSqlTiles(query: ScopedQuery, zoom: number, limit: number): SqlQuery {
  if (query.measure.kind !== 'metric') throw new Error('tiles hold a metric');
  const { params, bind } = parameters();
  const { sql } = selection(query, bind, {
    values: { value: query.measure.kpi },
    breakdowns: [],
    columns: { lat: 'm.lat', lon: 'm.lon' },
  });
  // Bound twice: one parameter cannot be cast to two types.
  const [tiles, lastTile] = [bind(2 ** zoom), bind(2 ** zoom - 1)];
  const clip = (expression: string) => `least(greatest(floor(${expression})::int, 0), ${lastTile}::int)`;
  const limitLatitude = bind(mercatorLatitudeLimit);
  const sine = `sin(radians(greatest(least(lat, ${limitLatitude}::float8), -${limitLatitude}::float8)))`;
  return {
    text: `with selected as (
  ${sql}
), tiled as (
  select selected.*,
    ${clip(`(lon + 180) / 360 * ${tiles}::float8`)} as x,
    ${clip(`(0.5 - ln((1 + ${sine}) / (1 - ${sine})) / (4 * pi())) * ${tiles}::float8`)} as y
  from selected
)
select x, y, count(*)::int as count, ${metricAggregates[query.measure.metric]} as value
from tiled
group by x, y
order by x, y
limit ${bind(limit)}`,
    params,
  };
}

export interface SqlGroupRow {
  [series: `series_${number}`]: string | number;
  count: number;
  last: string | Date | null;
}

/** How many measurements per combination of the breakdowns' values, and the latest measurement time. */
export function compileSqlGroups(query: ScopedQuery): SqlQuery {
  const { params, bind } = parameters();
  const { sql, series } = selection(query, bind, { values: {}, breakdowns: query.breakdowns });
  const grouping = series.length > 0 ? `group by ${series.join(', ')} order by ${series.join(', ')}` : '';
  return {
    text: `with selected as (
  ${sql}
)
select ${[...series, 'count(*)::int as count', 'max(measured_at) as last'].join(', ')}
from selected
${grouping}`,
    params,
  };
}

const sortColumns: Record<RowSortField, string> = {
  measuredAt: 'm.measured_at',
  receivedAt: 'm.received_at',
  probeId: 'm.probe_id collate "C"',
  program: 'm.program collate "C"',
  testType: 'm.test_type collate "C"',
  status: 'm.status collate "C"',
  technology: 'm.technology',
  isp: 'm.isp collate "C"',
  provider: 'm.provider collate "C"',
};

/**
 * Selected measurements (their documents) a page at a time — in an order, ties by measurement id (text in byte
 * order, as Elasticsearch sorts keywords; missing values last) — or after a cursor in (measured time, id) order.
 */
export function compileSqlRows(query: ScopedQuery, window: RowWindow): SqlQuery {
  const { params, bind } = parameters();
  const page = 'sort' in window ? window : undefined;
  const after = 'sort' in window ? undefined : window.after;
  const direction = page?.order ?? 'asc';
  const { sql } = selection(query, bind, {
    values: {},
    breakdowns: [],
    columns: { doc: 'm.doc', sort_value: sortColumns[page?.sort ?? 'measuredAt'] },
    where: after
      ? [
          `(m.measured_at > ${bind(after.measuredAt)}::timestamptz or (m.measured_at = ${bind(after.measuredAt)}::timestamptz and m.measurement_id collate "C" > ${bind(after.measurementId)}))`,
        ]
      : [],
  });
  return {
    text: `with selected as (
  ${sql}
)
select doc from selected
order by sort_value ${direction} nulls last, measurement_id collate "C" ${direction}
limit ${bind(window.limit)}${page ? ` offset ${bind(page.offset)}` : ''}`,
    params,
  };
}
