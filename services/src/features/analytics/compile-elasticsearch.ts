import type { estypes } from '@elastic/elasticsearch';
import type { ComparisonOperator, Condition, Dimension, Granularity, KpiId, Metric } from '@nq/contracts';
import { dimensionFields, dimensionMissingValues } from '@nq/projections';
import { maxBuckets, maxSeries, type RowWindow, type Sampling } from './analytics-engine.ts';
import { kpisOfMeasure, type ScopedQuery } from './scope-query.ts';

// The IR as an Elasticsearch search over the measurements alias (mappings in
// projections/src/measurements/measurement-index-template.ts): filters in a bool query, nested terms aggregations for
// the breakdowns, a date histogram in the query's time zone for the buckets, metric aggregations inside.

type Query = estypes.QueryDslQueryContainer;
export type Aggregations = Record<string, estypes.AggregationsAggregationContainer>;
export type SearchBody = Omit<estypes.SearchRequest, 'index'>;

const listDimensions: ReadonlySet<Dimension> = new Set(['campaign', 'universe', 'cluster', 'tag']);
export const kpiField = (kpi: KpiId) => `kpis.${kpi}`;

const calendarIntervals: Record<
  Exclude<Granularity, 'weekday' | 'no_granularity'>,
  estypes.AggregationsCalendarInterval
> = {
  minutes: 'minute',
  hours: 'hour',
  day: 'day',
  week: 'week',
  month: 'month',
  quarter: 'quarter',
  year: 'year',
};

/**
 * ES 8.19's t-digest sorts a bucket's values while it holds fewer than about ten times the compression, which gives
 * exactly PostgreSQL's percentile_cont; beyond that (here ~10,000 values) it estimates, within 1% relative.
 */
const tdigest = { compression: 1000 };
const percentiles: Partial<Record<Metric, number>> = { median: 50, p10: 10, p90: 90 };
/** Counts below the threshold (its maximum) are exact but for hash collisions. */
const uniqueProbes = { cardinality: { field: 'probeId', precision_threshold: 40_000 } };

const firstOrLast = (kpi: KpiId, order: estypes.SortOrder): estypes.AggregationsAggregationContainer => ({
  top_hits: {
    size: 1,
    sort: [{ measuredAt: { order } }, { measurementId: { order } }],
    _source: { includes: [kpiField(kpi)] },
  },
});

function conditionQuery(condition: Condition): Query {
  if ('and' in condition) return { bool: { filter: condition.and.map(conditionQuery) } };
  if ('or' in condition) return { bool: { should: condition.or.map(conditionQuery), minimum_should_match: 1 } };
  if ('not' in condition) return { bool: { must_not: [conditionQuery(condition.not)] } };
  const field = kpiField(condition.kpi);
  if (condition.operator === 'not_exists') return { bool: { must_not: [{ exists: { field } }] } };
  if (condition.operator === 'eq') return { term: { [field]: condition.value } };
  return { range: { [field]: { [condition.operator satisfies ComparisonOperator]: condition.value } } };
}

/**
 * The measurements having one of the values of a dimension; where documents may lack its field, those count as having
 * the value they were stored without (measurement-index-template.ts).
 */
function dimensionValuesQuery(dimension: Dimension, values: readonly (string | number)[]): Query {
  const field = dimensionFields[dimension];
  const matches: Query = { terms: { [field]: [...values] } };
  const missing = dimensionMissingValues[dimension];
  if (missing === undefined || !values.includes(missing)) return matches;
  return { bool: { should: [matches, { bool: { must_not: [{ exists: { field } }] } }], minimum_should_match: 1 } };
}

/** The bool query selecting a query's measurements (each has every KPI the measure reads). */
export function compileElasticsearchQuery(query: ScopedQuery): Query {
  if (query.matchesNothing) return { match_none: {} };
  const filter: Query[] = [];
  const mustNot: Query[] = [];
  if (query.located) filter.push({ exists: { field: 'location' } });
  if (query.from || query.to)
    filter.push({
      range: { measuredAt: { ...(query.from ? { gte: query.from } : {}), ...(query.to ? { lte: query.to } : {}) } },
    });
  if (query.receivedUntil) filter.push({ range: { receivedAt: { lte: query.receivedUntil } } });
  if (query.hours) {
    const { start, end } = query.hours;
    filter.push(
      start <= end
        ? { range: { hour: { gte: start, lte: end } } }
        : {
            bool: {
              should: [{ range: { hour: { gte: start } } }, { range: { hour: { lte: end } } }],
              minimum_should_match: 1,
            },
          },
    );
  }
  if (query.connectedDevices) {
    const { min, max } = query.connectedDevices;
    filter.push({ exists: { field: 'connectedDevices' } });
    filter.push({
      range: {
        connectedDevices: { ...(min === undefined ? {} : { gte: min }), ...(max === undefined ? {} : { lte: max }) },
      },
    });
  }
  for (const { dimension, mode, values } of query.filters)
    (mode === 'include' ? filter : mustNot).push(dimensionValuesQuery(dimension, values));
  for (const kpi of kpisOfMeasure(query.measure)) filter.push({ exists: { field: kpiField(kpi) } });
  if (query.conditions) filter.push(conditionQuery(query.conditions));
  return { bool: { filter, ...(mustNot.length > 0 ? { must_not: mustNot } : {}) } };
}

/** The terms aggregation of a breakdown; series of a list dimension are only those the filters let through. */
/** The values a breakdown keeps: those a list dimension's include filter names (a measurement lists others too). */
export function includedValues(query: ScopedQuery, dimension: Dimension): string[] | undefined {
  if (!listDimensions.has(dimension)) return undefined;
  return query.filters
    .find((filter) => filter.dimension === dimension && filter.mode === 'include')
    ?.values.map(String);
}

export function seriesTerms(query: ScopedQuery, dimension: Dimension): estypes.AggregationsAggregationContainer {
  const included = includedValues(query, dimension);
  const missing = dimensionMissingValues[dimension];
  return {
    terms: {
      field: dimensionFields[dimension],
      size: maxSeries,
      ...(included ? { include: included } : {}),
      ...(missing === undefined ? {} : { missing }),
    },
  };
}

function valueAggregations(query: ScopedQuery): Aggregations {
  const { measure } = query;
  if (measure.kind !== 'metric' && measure.kind !== 'boxplot')
    throw new Error('only a metric or a boxplot is aggregated');
  const field = kpiField(measure.kpi);
  if (measure.kind === 'boxplot')
    return {
      min: { min: { field } },
      max: { max: { field } },
      quartiles: { percentiles: { field, percents: [25, 50, 75], keyed: false, tdigest } },
    };
  const percent = percentiles[measure.metric];
  if (percent !== undefined) return { value: { percentiles: { field, percents: [percent], keyed: false, tdigest } } };
  switch (measure.metric) {
    case 'count':
      return {};
    case 'uniqueCount':
      return { value: uniqueProbes };
    case 'first':
      return { value: firstOrLast(measure.kpi, 'asc') };
    case 'last':
      return { value: firstOrLast(measure.kpi, 'desc') };
    default:
      return { value: { [measure.metric]: { field } } };
  }
}

function bucketAggregation(query: ScopedQuery): estypes.AggregationsAggregationContainer | undefined {
  if (query.granularity === 'no_granularity') return undefined;
  // Weekdays are the measurement's local ones, recorded at ingest like hours and fringes.
  if (query.granularity === 'weekday') return { terms: { field: 'weekday', size: 7 } };
  return {
    date_histogram: {
      field: 'measuredAt',
      calendar_interval: calendarIntervals[query.granularity],
      time_zone: query.timeZone,
      min_doc_count: 1,
    },
  };
}

/** The nested levels: one terms level per breakdown, then the buckets (unless no granularity), then `values`. */
export function levelAggregations(
  query: ScopedQuery,
  values: (query: ScopedQuery) => Aggregations = valueAggregations,
  level = 0,
): Aggregations {
  const dimension = query.breakdowns[level];
  if (dimension)
    return { series: { ...seriesTerms(query, dimension), aggs: levelAggregations(query, values, level + 1) } };
  const buckets = bucketAggregation(query);
  return buckets ? { buckets: { ...buckets, aggs: values(query) } } : values(query);
}

/**
 * A metric or boxplot query: `selected` (every selected measurement) > `series` (one terms level per breakdown) >
 * `buckets` (unless no granularity) > the value aggregations.
 */
export function compileElasticsearchAggregation(query: ScopedQuery): SearchBody {
  return {
    size: 0,
    track_total_hits: false,
    query: compileElasticsearchQuery(query),
    aggs: { selected: { filter: { match_all: {} }, aggs: levelAggregations(query) } },
  };
}

/** Count, mean and population standard deviation of a KPI over the selection. */
export function compileElasticsearchStats(query: ScopedQuery, kpi: KpiId): SearchBody {
  return {
    size: 0,
    track_total_hits: false,
    query: compileElasticsearchQuery(query),
    aggs: { stats: { extended_stats: { field: kpiField(kpi) } } },
  };
}

/** The series a scatterplot is sampled in (its one breakdown's values). */
export function compileElasticsearchSampleGroups(query: ScopedQuery, dimension: Dimension): SearchBody {
  return {
    size: 0,
    track_total_hits: false,
    query: compileElasticsearchQuery(query),
    aggs: { series: seriesTerms(query, dimension) },
  };
}

/**
 * A scatterplot sample of one series: the `size` measurements with the highest `random_score` — a hash of the seed
 * and the measurement id, so the same seed picks the same points — ties broken by measurement id.
 */
export function compileElasticsearchSample(
  query: ScopedQuery,
  sampling: Sampling,
  series?: { dimension: Dimension; value: string | number },
): SearchBody {
  if (query.measure.kind !== 'scatterplot') throw new Error('only a scatterplot is sampled');
  const selection = compileElasticsearchQuery(query);
  return {
    size: sampling.size,
    track_total_hits: true,
    query: {
      function_score: {
        query: series
          ? { bool: { filter: [selection, dimensionValuesQuery(series.dimension, [series.value])] } }
          : selection,
        functions: [{ random_score: { seed: sampling.seed, field: 'measurementId' } }],
        boost_mode: 'replace',
      },
    },
    sort: [{ _score: { order: 'desc' } }, { measurementId: { order: 'asc' } }],
    _source: ['measurementId', 'probeId', 'measuredAt', kpiField(query.measure.x), kpiField(query.measure.y)],
  };
}

/** A metric per `geotile_grid` tile of a zoom (one more bucket than allowed is asked for, to tell an overflow). */
export function compileElasticsearchTiles(query: ScopedQuery, zoom: number): SearchBody {
  return {
    size: 0,
    track_total_hits: false,
    query: compileElasticsearchQuery(query),
    aggs: {
      tiles: {
        geotile_grid: { field: 'location', precision: zoom, size: maxBuckets + 1 },
        aggs: valueAggregations(query),
      },
    },
  };
}

/** Groups read a page of this many at a time. */
export const groupsPageSize = 10_000;

/**
 * Every combination of the breakdowns' values with its count and latest measurement time, a page at a time: a
 * composite aggregation, the next page after the last one's `after_key`. (Terms aggregations stop at `maxSeries`
 * buckets: a restricted profile's probes past 10,000 went missing from every screen listing the probes it sees.) A
 * composite aggregation knows no `include` or `missing` value: a measurement's missing value comes as null, and the
 * values a list dimension keeps are kept by the reader (`includedValues`). No breakdown: the selection's one group.
 */
export function compileElasticsearchGroups(query: ScopedQuery, after?: Record<string, unknown>): SearchBody {
  const last = { last: { max: { field: 'measuredAt' } } };
  const selected = compileElasticsearchQuery(query);
  if (query.breakdowns.length === 0)
    return {
      size: 0,
      track_total_hits: false,
      query: selected,
      aggs: { selected: { filter: { match_all: {} }, aggs: last } },
    };
  const sources = query.breakdowns.map((dimension) => ({
    [dimension]: {
      terms: {
        field: dimensionFields[dimension],
        ...(dimensionMissingValues[dimension] === undefined ? {} : { missing_bucket: true }),
      },
    },
  }));
  return {
    size: 0,
    track_total_hits: false,
    query: selected,
    aggs: { groups: { composite: { size: groupsPageSize, sources, ...(after ? { after } : {}) }, aggs: last } },
  };
}

/**
 * Selected measurements a page at a time — in an order, ties by measurement id, missing values last — or after a
 * cursor in (measured time, id) order (`search_after`, which no page window bounds).
 */
export function compileElasticsearchRows(query: ScopedQuery, window: RowWindow): SearchBody {
  const page = 'sort' in window ? window : undefined;
  const order = page?.order ?? 'asc';
  const after = 'sort' in window ? undefined : window.after;
  return {
    size: window.limit,
    ...(page ? { from: page.offset } : {}),
    track_total_hits: false,
    query: compileElasticsearchQuery(query),
    sort: [{ [page?.sort ?? 'measuredAt']: { order, missing: '_last' } }, { measurementId: { order } }],
    ...(after ? { search_after: [Date.parse(after.measuredAt), after.measurementId] } : {}),
  };
}
