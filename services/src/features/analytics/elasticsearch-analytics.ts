import { type Client, errors, type estypes } from '@elastic/elasticsearch';
import { type BucketKey, DomainError, type EnrichedMeasurement, type PointSeries, type SeriesKey } from '@nq/contracts';
import { isMissingIndex } from '@nq/platform/read-store/elasticsearch-missing-index';
import { dimensionMissingValues } from '@nq/projections';
import {
  type AnalyticsBackend,
  type AnalyticsEngine,
  type Group,
  maxBuckets,
  type RawBucket,
  type RawSeries,
} from './analytics-engine.ts';
import {
  compileElasticsearchAggregation,
  compileElasticsearchGroups,
  compileElasticsearchRows,
  compileElasticsearchSample,
  compileElasticsearchSampleGroups,
  compileElasticsearchStats,
  compileElasticsearchTiles,
  groupsPageSize,
  includedValues,
  type SearchBody,
} from './compile-elasticsearch.ts';
import { createAnalyticsEngine, type EngineOptions } from './run-query.ts';
import type { ScopedQuery } from './scope-query.ts';

/** The parts of an aggregation answer the compiler's aggregations produce. */
interface AggregationNode {
  key?: string | number;
  doc_count: number;
  series?: { buckets: AggregationNode[] };
  buckets?: { buckets: AggregationNode[] };
  value?: { value?: number | null; values?: { value: number | null }[]; hits?: { hits: { _source: SourceKpis }[] } };
  min?: { value: number };
  max?: { value: number };
  quartiles?: { values: { value: number }[] };
  last?: { value: number | null };
}
type SourceKpis = Pick<EnrichedMeasurement, 'kpis'>;
type SourcePoint = Pick<EnrichedMeasurement, 'measurementId' | 'probeId' | 'measuredAt' | 'kpis'>;

const isTooManyBuckets = (error: unknown) =>
  error instanceof errors.ResponseError && JSON.stringify(error.body ?? '').includes('too_many_buckets_exception');

function metricValueOf(query: ScopedQuery, node: AggregationNode): number {
  const { measure } = query;
  if (measure.kind !== 'metric') throw new Error('not a metric query');
  if (measure.metric === 'count') return node.doc_count;
  const aggregate = node.value!;
  if (aggregate.values) return aggregate.values[0]!.value!;
  if (aggregate.hits) return aggregate.hits.hits[0]!._source.kpis[measure.kpi]!;
  return aggregate.value!;
}

function bucketOf(query: ScopedQuery, node: AggregationNode, key: BucketKey): RawBucket {
  const bucket = { key, count: node.doc_count };
  if (query.measure.kind !== 'boxplot') return { ...bucket, value: metricValueOf(query, node) };
  const [q1, median, q3] = node.quartiles!.values.map((quartile) => quartile.value);
  return { ...bucket, boxplot: { min: node.min!.value, q1: q1!, median: median!, q3: q3!, max: node.max!.value } };
}

function bucketsOf(query: ScopedQuery, node: AggregationNode): RawBucket[] {
  if (query.granularity === 'no_granularity') return node.doc_count > 0 ? [bucketOf(query, node, 'all')] : [];
  return node.buckets!.buckets.map((bucket) =>
    bucketOf(query, bucket, query.granularity === 'weekday' ? Number(bucket.key) : new Date(bucket.key!).toISOString()),
  );
}

/** Walks the nested `series` levels down to the buckets. */
function seriesOf(query: ScopedQuery, node: AggregationNode, key: SeriesKey = {}): RawSeries[] {
  const dimension = query.breakdowns[Object.keys(key).length];
  if (dimension)
    return node.series!.buckets.flatMap((bucket) => seriesOf(query, bucket, { ...key, [dimension]: bucket.key! }));
  const buckets = bucketsOf(query, node);
  return buckets.length > 0 ? [{ key, buckets }] : [];
}

/** Walks the nested `series` levels of a groups query down to its counts. */
/** A page of groups as the composite aggregation answers it. */
interface GroupsPage {
  after_key?: Record<string, unknown>;
  buckets: { key: Record<string, string | number | null>; doc_count: number; last: { value: number | null } }[];
}

const lastMeasuredAtOf = (last: { value: number | null } | undefined) => new Date(last!.value!).toISOString();

/** A composite bucket's key as a group's: a missing value read as its dimension's, none outside the values kept. */
function groupKeyOf(query: ScopedQuery, key: GroupsPage['buckets'][number]['key']): SeriesKey | undefined {
  const groupKey: SeriesKey = {};
  for (const dimension of query.breakdowns) {
    const value = key[dimension] ?? dimensionMissingValues[dimension];
    if (value === undefined || value === null) return undefined;
    const included = includedValues(query, dimension);
    if (included && !included.includes(String(value))) return undefined;
    groupKey[dimension] = value;
  }
  return groupKey;
}

/** A page of a scan as `filter_path` leaves it. */
interface ScanPage {
  pit_id?: string;
  hits?: { hits: { _source: EnrichedMeasurement; sort: estypes.SortResults }[] };
}

/** How long a scan's point in time outlives its last page: a slow reader (a file being written) renews it each page. */
const scanKeepAlive = '5m';

const tooManyBuckets = () => new DomainError('graphics.tooManyBuckets', { details: { maxBuckets } });

function elasticsearchBackend({ client, alias }: { client: Client; alias: string }): AnalyticsBackend {
  // An alias no measurement has created yet answers nothing rather than a missing index.
  const target = { index: alias, ignore_unavailable: true, allow_no_indices: true };

  async function search(body: SearchBody, signal?: AbortSignal) {
    try {
      return await client.search<SourcePoint>({ ...target, ...body }, { signal });
    } catch (error) {
      if (isTooManyBuckets(error)) throw tooManyBuckets();
      throw error;
    }
  }

  return {
    async aggregate(query, signal) {
      const response = await search(compileElasticsearchAggregation(query), signal);
      const selected = response.aggregations?.selected as AggregationNode | undefined;
      return selected ? seriesOf(query, selected) : [];
    },
    async stats(query, kpi, signal) {
      const response = await search(compileElasticsearchStats(query, kpi), signal);
      const stats = response.aggregations?.stats as
        | { count: number; avg: number | null; std_deviation: number | null }
        | undefined;
      return { count: stats?.count ?? 0, mean: stats?.avg ?? 0, deviation: stats?.std_deviation ?? 0 };
    },
    async sample(query, sampling, signal): Promise<PointSeries[]> {
      const { measure } = query;
      if (measure.kind !== 'scatterplot') throw new Error('only a scatterplot is sampled');
      const dimension = query.breakdowns[0];
      const groups = dimension
        ? ((
            (await search(compileElasticsearchSampleGroups(query, dimension), signal)).aggregations?.series as
              | { buckets: { key: string | number }[] }
              | undefined
          )?.buckets.map((bucket) => bucket.key) ?? [])
        : [undefined];
      if (groups.length === 0) return [];
      const { responses } = await client.msearch<SourcePoint>(
        {
          searches: groups.flatMap((value) => [
            target,
            compileElasticsearchSample(
              query,
              sampling,
              dimension && value !== undefined ? { dimension, value } : undefined,
            ),
          ]),
        },
        { signal },
      );
      return responses.map((response, index): PointSeries => {
        if ('error' in response)
          throw new Error(`sample search failed: ${response.error.reason ?? response.error.type}`);
        const value = groups[index];
        const total = response.hits.total;
        return {
          key: dimension && value !== undefined ? { [dimension]: value } : {},
          total: typeof total === 'number' ? total : (total?.value ?? 0),
          points: response.hits.hits.map((hit) => ({
            measurementId: hit._source!.measurementId,
            probeId: hit._source!.probeId,
            measuredAt: new Date(hit._source!.measuredAt).toISOString(),
            x: hit._source!.kpis[measure.x]!,
            y: hit._source!.kpis[measure.y]!,
          })),
        };
      });
    },
    async tiles(query, zoom, signal) {
      const response = await search(compileElasticsearchTiles(query, zoom), signal);
      const buckets = (response.aggregations?.tiles as { buckets: AggregationNode[] } | undefined)?.buckets ?? [];
      if (buckets.length > maxBuckets) throw tooManyBuckets();
      return buckets.map((bucket) => {
        const [, x, y] = String(bucket.key).split('/').map(Number);
        return { x: x!, y: y!, count: bucket.doc_count, value: metricValueOf(query, bucket) };
      });
    },
    async groups(query, signal) {
      if (query.breakdowns.length === 0) {
        const response = await search(compileElasticsearchGroups(query), signal);
        const selected = response.aggregations?.selected as AggregationNode | undefined;
        return selected && selected.doc_count > 0
          ? [{ key: {}, count: selected.doc_count, lastMeasuredAt: lastMeasuredAtOf(selected.last) }]
          : [];
      }
      // By key: the measurements missing a value and those holding it as theirs come as two buckets, one group.
      const groups = new Map<string, Group>();
      for (let after: Record<string, unknown> | undefined; ; ) {
        const response = await search(compileElasticsearchGroups(query, after), signal);
        const page = response.aggregations?.groups as GroupsPage | undefined;
        for (const bucket of page?.buckets ?? []) {
          const key = groupKeyOf(query, bucket.key);
          if (!key) continue;
          const [id, lastMeasuredAt] = [JSON.stringify(key), lastMeasuredAtOf(bucket.last)];
          const same = groups.get(id);
          groups.set(id, {
            key,
            count: bucket.doc_count + (same?.count ?? 0),
            lastMeasuredAt: same && same.lastMeasuredAt > lastMeasuredAt ? same.lastMeasuredAt : lastMeasuredAt,
          });
        }
        if (!page?.after_key || page.buckets.length < groupsPageSize) return [...groups.values()];
        after = page.after_key;
      }
    },
    async rows(query, window, signal) {
      const response = await client.search<EnrichedMeasurement>(
        { ...target, ...compileElasticsearchRows(query, window) },
        { signal },
      );
      return response.hits.hits.map((hit) => hit._source!);
    },
    async *scan(query, batchSize, signal) {
      // One point in time for the whole scan: every page reads the same snapshot, whatever is written meanwhile.
      let pit: string;
      try {
        ({ id: pit } = await client.openPointInTime(
          { index: alias, keep_alive: scanKeepAlive, ignore_unavailable: true },
          { signal },
        ));
      } catch (error) {
        if (isMissingIndex(error)) return;
        throw error;
      }
      const { search_after: _cursor, ...body } = compileElasticsearchRows(query, { limit: batchSize });
      const page = async (after: estypes.SortResults | undefined) => {
        // Read as text and parsed here: the client's guarded parser costs twice JSON.parse on pages this large.
        const answer = await client.search(
          {
            ...body,
            pit: { id: pit, keep_alive: scanKeepAlive },
            // A shard that lost the point in time fails the scan: partial pages would end it early, silently short.
            allow_partial_search_results: false,
            ...(after ? { search_after: after } : {}),
            filter_path: ['pit_id', 'hits.hits._source', 'hits.hits.sort'],
          },
          { signal, asStream: true, meta: true },
        );
        const chunks: Buffer[] = [];
        for await (const chunk of answer.body as unknown as AsyncIterable<Buffer>) chunks.push(chunk);
        const text = Buffer.concat(chunks).toString('utf8');
        // A stream is handed over whatever the status: a refusal is thrown as the client would have.
        if (answer.statusCode !== null && answer.statusCode >= 400)
          throw new errors.ResponseError({ ...answer, body: JSON.parse(text) });
        const response = JSON.parse(text) as ScanPage;
        pit = response.pit_id ?? pit;
        return response.hits?.hits ?? [];
      };
      let next: Promise<Awaited<ReturnType<typeof page>>> | undefined;
      try {
        // The next page is asked for before this one is handed on: Elasticsearch finds it while the reader works.
        for (let hits = await page(undefined); ; hits = await next!) {
          next = hits.length < batchSize ? undefined : page(hits.at(-1)!.sort);
          next?.catch(() => undefined);
          if (hits.length > 0) yield hits.map((hit) => hit._source!);
          if (!next) return;
        }
      } finally {
        await client.closePointInTime({ id: pit }).catch(() => undefined);
      }
    },
  };
}

/** Analytics over the measurements alias of an Elasticsearch measurement store. */
export const createElasticsearchAnalytics = (
  store: { client: Client; alias: string },
  options?: EngineOptions,
): AnalyticsEngine => createAnalyticsEngine(elasticsearchBackend(store), options);
