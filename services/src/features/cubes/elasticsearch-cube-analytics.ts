import { type Client, errors, type estypes } from '@elastic/elasticsearch';
import { type BucketKey, DomainError, type SeriesKey } from '@nq/contracts';
import type { CubeDefinition } from '@nq/projections';
import {
  type Aggregations,
  compileElasticsearchQuery,
  levelAggregations,
  maxBuckets,
  type RawSeries,
  type ScopedQuery,
  type SearchBody,
} from '../analytics/index.ts';
import { type MergedBucket, measuresNeeded, seriesOfMerged } from './cube-buckets.ts';

/** Bins a bucket may hold (a sketch at 1 % spans about 2,000 of them from 1e-9 to 1e9). */
const maxBins = 10_000;

function valueAggregations(query: ScopedQuery): Aggregations {
  const { measure } = query;
  const aggregations: Aggregations = { n: { sum: { field: 'count' } } };
  const { bins, bounds } = measuresNeeded(query);
  if (bounds) Object.assign(aggregations, { min: { min: { field: 'min' } }, max: { max: { field: 'max' } } });
  if (bins)
    aggregations.bins = {
      nested: { path: 'bins' },
      aggs: { slots: { terms: { field: 'bins.s', size: maxBins }, aggs: { n: { sum: { field: 'bins.n' } } } } },
    };
  if (measure.kind !== 'metric') return aggregations;
  const edge = (field: 'first' | 'last'): estypes.AggregationsAggregationContainer => {
    const order = field === 'first' ? 'asc' : 'desc';
    return {
      top_hits: { size: 1, sort: [{ [`${field}At`]: { order } }, { [`${field}Id`]: { order } }], _source: [field] },
    };
  };
  switch (measure.metric) {
    case 'avg':
      return { ...aggregations, sum: { sum: { field: 'sum' } } };
    case 'min':
      return { ...aggregations, min: { min: { field: 'min' } } };
    case 'max':
      return { ...aggregations, max: { max: { field: 'max' } } };
    case 'first':
    case 'last':
      return { ...aggregations, edge: edge(measure.metric) };
    case 'uniqueCount':
      return { ...aggregations, probes: { cardinality: { field: 'probes', precision_threshold: 40_000 } } };
    default:
      return aggregations;
  }
}

/** The search over a cube's rows: the raw measurements' filters on the rows' fields, then the cube's measures. */
export function compileCubeAggregation(cube: CubeDefinition, query: ScopedQuery): SearchBody {
  if (query.measure.kind !== 'metric' && query.measure.kind !== 'boxplot')
    throw new Error('a cube answers metrics and boxplots');
  const selection = compileElasticsearchQuery({ ...query, measure: { kind: 'measurements' } });
  return {
    size: 0,
    track_total_hits: false,
    query: {
      bool: {
        filter: [selection, { term: { cubeId: cube.id } }, { term: { kpi: query.measure.kpi } }],
      },
    },
    aggs: { selected: { filter: { match_all: {} }, aggs: levelAggregations(query, valueAggregations) } },
  };
}

interface Node {
  key?: string | number;
  series?: { buckets: Node[] };
  buckets?: { buckets: Node[] };
  n?: { value: number };
  sum?: { value: number };
  min?: { value: number | null };
  max?: { value: number | null };
  probes?: { value: number };
  edge?: { hits: { hits: { _source: { first?: number; last?: number } }[] } };
  bins?: { slots: { buckets: { key: number; n: { value: number } }[] } };
}

function mergedOf(query: ScopedQuery, node: Node, series: SeriesKey, key: BucketKey): MergedBucket {
  const source = node.edge?.hits.hits[0]?._source;
  const merged: MergedBucket = { series, key, count: node.n?.value ?? 0 };
  if (node.sum) merged.sum = node.sum.value;
  if (node.min?.value != null) merged.min = node.min.value;
  if (node.max?.value != null) merged.max = node.max.value;
  if (node.probes) merged.probes = node.probes.value;
  if (source?.first !== undefined) merged.first = source.first;
  if (source?.last !== undefined) merged.last = source.last;
  if (node.bins) merged.bins = new Map(node.bins.slots.buckets.map((bin) => [Number(bin.key), bin.n.value]));
  if (query.measure.kind === 'metric' && query.measure.metric === 'count') merged.count = node.n?.value ?? 0;
  return merged;
}

function walk(query: ScopedQuery, node: Node, series: SeriesKey = {}): MergedBucket[] {
  const dimension = query.breakdowns[Object.keys(series).length];
  if (dimension)
    return node.series!.buckets.flatMap((child) => walk(query, child, { ...series, [dimension]: child.key! }));
  if (query.granularity === 'no_granularity') return [mergedOf(query, node, series, 'all')];
  return node.buckets!.buckets.map((bucket) =>
    mergedOf(
      query,
      bucket,
      series,
      query.granularity === 'weekday' ? Number(bucket.key) : new Date(bucket.key!).toISOString(),
    ),
  );
}

const isTooManyBuckets = (error: unknown) =>
  error instanceof errors.ResponseError && JSON.stringify(error.body ?? '').includes('too_many_buckets_exception');

/** A metric or boxplot answered from a cube's rows in Elasticsearch. */
export function elasticsearchCubeAnalytics({ client, index }: { client: Client; index: string }) {
  return async (cube: CubeDefinition, query: ScopedQuery, signal?: AbortSignal): Promise<RawSeries[]> => {
    try {
      const response = await client.search(
        { index, ignore_unavailable: true, allow_no_indices: true, ...compileCubeAggregation(cube, query) },
        { signal },
      );
      const selected = response.aggregations?.selected as Node | undefined;
      return selected ? seriesOfMerged(query, walk(query, selected)) : [];
    } catch (error) {
      if (isTooManyBuckets(error)) throw new DomainError('graphics.tooManyBuckets', { details: { maxBuckets } });
      throw error;
    }
  };
}
