import { setTimeout as sleep } from 'node:timers/promises';
import { Client, errors, type estypes } from '@elastic/elasticsearch';
import { type LogPosition, logStart } from '@nq/contracts';
import { DependencyUnavailableError } from '../dependency-unavailable.ts';
import { type ElasticsearchConnection, elasticsearchClientOptions } from './elasticsearch-connection.ts';
import { elasticsearchFailureOf } from './elasticsearch-failure.ts';
import { type IndexSettings, indexSettingsOf, singleNodeIndexSettings } from './elasticsearch-index-settings.ts';
import { documentMissingTypes, isMissingIndex } from './elasticsearch-missing-index.ts';
import { elasticsearchAggregations, rangeClause, withinClause } from './elasticsearch-read-store-aggregations.ts';
import { geoPointField } from './read-store-aggregations.ts';
import {
  type CountQuery,
  defaultScanBatch,
  type ListFilter,
  type ListQuery,
  type ReadDocument,
  type ReadStore,
} from './read-store-port.ts';

const documentMappings: estypes.MappingTypeMapping = {
  dynamic: true,
  date_detection: false,
  dynamic_templates: [
    // Exact-match strings (filters, sort, case-insensitive wildcard search); long blobs (images) are kept, not indexed.
    { strings: { match_mapping_type: 'string', mapping: { type: 'keyword', ignore_above: 1024 } } },
    // Every number is a double, whether first seen as an integer or with decimals: one field, one type.
    { integers: { match_mapping_type: 'long', mapping: { type: 'double' } } },
    { decimals: { match_mapping_type: 'double', mapping: { type: 'double' } } },
  ],
  properties: {
    id: { type: 'keyword' },
    // Where a document is placed on a map ({ lat, lon }): counted per map tile (geotile_grid) and found in a box.
    [geoPointField]: { type: 'geo_point' },
    // Free-form settings (a probe's further settings) are kept, not indexed: their shapes vary by probe software.
    further: { type: 'object', enabled: false },
    // A campaign's past polygons are read whole by enrichment, never searched.
    polygonVersions: { type: 'object', enabled: false },
    // What narrowed a file's figures (values that are ids or technology codes alike) is shown, never searched.
    narrowedBy: { type: 'object', enabled: false },
  },
};

/** What Elasticsearch answers a read of an index whose shard has not started. */
const shardNotStarted = 'no_shard_available_action_exception';
const isShardNotStarted = (error: unknown) =>
  (error instanceof DependencyUnavailableError && String(error.cause).includes(shardNotStarted)) ||
  (error instanceof errors.ResponseError && error.body?.error?.type === shardNotStarted);

const escapeWildcard = (text: string) => text.replace(/[\\*?]/g, (c) => `\\${c}`);

function clauseOf(filter: ListFilter): object {
  if ('anyOf' in filter)
    return filter.anyOf.length === 0
      ? { bool: { must_not: { match_all: {} } } }
      : { bool: { should: filter.anyOf.map(clauseOf), minimum_should_match: 1 } };
  if ('range' in filter) return rangeClause(filter.field, filter.range);
  if ('within' in filter) return withinClause(filter.field, filter.within);
  return 'equals' in filter ? { term: { [filter.field]: filter.equals } } : termsClause(filter.field, filter.in);
}

/** The most values one `terms` query may hold (the index setting `max_terms_count`'s default). */
const maxTermsCount = 65_536;

/** Any of the values, however many: a restricted profile's probes can be 100,000 ids, past one query's limit. */
function termsClause(field: string, values: (string | number)[]): object {
  if (values.length <= maxTermsCount) return { terms: { [field]: values } };
  const parts: object[] = [];
  for (let start = 0; start < values.length; start += maxTermsCount)
    parts.push({ terms: { [field]: values.slice(start, start + maxTermsCount) } });
  return { bool: { should: parts, minimum_should_match: 1 } };
}

/** The deepest page `from` and `size` may reach (the index setting `max_result_window`'s default). */
const resultWindow = 10_000;

/** The filters (every one) and the case-insensitive search (any of its fields) of a list or a count. */
function queryOf(query: CountQuery) {
  const filter = (query.filters ?? []).map(clauseOf);
  const must = query.search?.text
    ? [
        {
          bool: {
            should: query.search.fields.map((name) => ({
              wildcard: { [name]: { value: `*${escapeWildcard(query.search!.text)}*`, case_insensitive: true } },
            })),
            minimum_should_match: 1,
          },
        },
      ]
    : [];
  return { bool: { filter, must } };
}

const totalOf = (result: estypes.SearchResponse<unknown>) =>
  typeof result.hits.total === 'number' ? result.hits.total : (result.hits.total?.value ?? 0);

/** Read models in Elasticsearch: one index per collection, written with external versions. */
export async function openElasticsearchReadStore(
  options: ElasticsearchConnection & {
    indexPrefix?: string;
    indexSettings?: IndexSettings;
    /** How long a read waits for a shard that has not started yet (READ_STORE_SHARD_WAIT_MS, 10 s). */
    shardStartWaitMs?: number;
  },
): Promise<ReadStore> {
  const client = new Client(elasticsearchClientOptions(options));
  const settings = indexSettingsOf(options.indexSettings ?? singleNodeIndexSettings);
  const prefix = options.indexPrefix ?? 'nq-rm';
  const indexOf = (collection: string) => `${prefix}-${collection.toLowerCase()}`;
  const checkpoints = `${prefix}-checkpoints`;
  const ready = new Map<string, Promise<void>>();

  async function createIndex(index: string) {
    if (await client.indices.exists({ index })) return;
    // A lost checkpoint only replays events, which external versions make harmless: its index need not fsync each
    // write (documents do, or a crash could lose documents behind a checkpoint that survived).
    const durability = index === checkpoints ? { 'translog.durability': 'async' as const } : {};
    await client.indices
      .create({
        index,
        mappings: documentMappings,
        settings: { ...settings, ...durability },
        wait_for_active_shards: 1,
      })
      .catch((error: unknown) => {
        if (!(error instanceof errors.ResponseError && error.body?.error?.type === 'resource_already_exists_exception'))
          throw error;
      });
    await client.cluster.health({ index, wait_for_status: 'yellow', timeout: '30s' });
  }

  /** One creation per index however many callers arrive at once; a failed attempt is tried again next time. */
  function ensureIndex(index: string): Promise<void> {
    let pending = ready.get(index);
    if (!pending) {
      pending = createIndex(index).catch((error: unknown) => {
        ready.delete(index);
        throw error;
      });
      ready.set(index, pending);
    }
    return pending;
  }

  /**
   * A read that meets a shard not available — an index created a moment ago by a writer (this process's or another's)
   * whose primary is still starting, or a shard being recovered — waits for the index to report its primary started
   * and reads again, for as long as the shard wait lasts: the cluster's health can say "started" a moment before the
   * shard serves reads, so one wait then one read is not enough on a busy machine. Only a shard that does not serve
   * within the wait is an outage (503).
   */
  async function onceStarted<T>(index: string, read: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + (options.shardStartWaitMs ?? 10_000);
    for (let attempt = 0; ; attempt++) {
      try {
        return await read();
      } catch (error) {
        const left = deadline - Date.now();
        if (!isShardNotStarted(error) || left <= 0) throw error;
        await client.cluster.health({ index, wait_for_status: 'yellow', timeout: `${left}ms` }).catch(() => undefined);
        await sleep(Math.min(50 * 2 ** attempt, 1_000, Math.max(0, deadline - Date.now())));
      }
    }
  }

  /**
   * A page past the result window (`GET /probes?page=` of a 100,000-probe fleet): the sorted ids are walked with a
   * scroll, a window at a time and without their documents, up to the page, whose documents are then read by id. Not
   * `search_after`: a sort value of a document without the field is null, which `search_after` refuses.
   */
  async function deepPage(
    search: Omit<estypes.SearchRequest, 'from' | 'size'>,
    { offset, limit }: Pick<ListQuery, 'offset' | 'limit'>,
  ) {
    let result = await client.search<ReadDocument>({ ...search, size: resultWindow, _source: false, scroll: '1m' });
    const total = totalOf(result);
    const ids: string[] = [];
    try {
      for (let seen = 0; result.hits.hits.length > 0 && seen < offset + limit; ) {
        const hits = result.hits.hits;
        ids.push(...hits.slice(Math.max(0, offset - seen), offset + limit - seen).map((hit) => hit._id!));
        seen += hits.length;
        if (seen >= offset + limit || !result._scroll_id) break;
        result = await client.scroll<ReadDocument>({ scroll_id: result._scroll_id, scroll: '1m' });
      }
    } finally {
      if (result._scroll_id) await client.clearScroll({ scroll_id: result._scroll_id }).catch(() => undefined);
    }
    const found =
      ids.length === 0 ? [] : (await client.mget<ReadDocument>({ index: search.index as string, ids })).docs;
    const items = found.flatMap((doc) => ('found' in doc && doc.found && doc._source ? [doc._source] : []));
    return { items, total };
  }

  // Created before any read or write of a checkpoint: index creation waits for the primary shard, so no reader
  // meets a half-made index. Not at open, so that a cluster down at start-up is reported by /ready, not a crash.
  return {
    adapter: 'elasticsearch',
    async write(projection, collection, writes, checkpoint) {
      const index = indexOf(collection);
      await ensureIndex(index);
      if (writes.length > 0) {
        const operations = writes.flatMap(({ id, doc, version }): object[] => {
          const target = { _index: index, _id: id, version: Number(version), version_type: 'external' as const };
          return doc === null ? [{ delete: target }] : [{ index: target }, doc];
        });
        const response = await client.bulk({ operations });
        // A 409 is an event applied already (a replay after a crash): the newer version stays, as it should.
        const failures = response.items
          .map((item) => Object.values(item)[0]!)
          .filter(
            (result) =>
              result.error && result.status !== 409 && !(result.status === 404 && result.result === 'not_found'),
          );
        if (failures.length > 0) throw new Error(`read model write failed: ${JSON.stringify(failures[0]!.error)}`);
      }
      if (checkpoint === undefined) return;
      await ensureIndex(checkpoints);
      // Read back with a real-time GET: no refresh needed.
      await client.index({ index: checkpoints, id: projection, document: { position: checkpoint } });
    },
    async get(collection, id) {
      try {
        const index = indexOf(collection);
        const found = await onceStarted(index, () => client.get<ReadDocument>({ index, id }));
        return found._source;
      } catch (error) {
        if (isMissingIndex(error, documentMissingTypes)) return undefined;
        // Not found (404 without an error type: the index is there, the document is not).
        if (error instanceof errors.ResponseError && error.statusCode === 404 && !error.body?.error) return undefined;
        throw error;
      }
    },
    async getMany(collection, ids) {
      const found = new Map<string, ReadDocument>();
      if (ids.length === 0) return found;
      const index = indexOf(collection);
      const read = async () => {
        const response = await client.mget<ReadDocument>({ index, ids: [...ids] });
        for (const doc of response.docs) {
          if ('found' in doc && doc.found && doc._source) found.set(doc._id, doc._source);
          else if ('error' in doc && !documentMissingTypes.includes(doc.error.type))
            throw doc.error.type === shardNotStarted
              ? new DependencyUnavailableError('read-store', new Error(elasticsearchFailureOf(doc.error)))
              : new Error(`read model read failed: ${elasticsearchFailureOf(doc.error)}`);
        }
        return found;
      };
      try {
        return await onceStarted(index, read);
      } catch (error) {
        if (isMissingIndex(error, documentMissingTypes)) return found;
        throw error;
      }
    },
    async list(collection: string, query: ListQuery) {
      const index = indexOf(collection);
      if (query.fresh) await client.indices.refresh({ index, ignore_unavailable: true });
      const search = {
        index,
        query: queryOf(query),
        sort: [
          ...(query.sort ?? []).map(({ field, order }) => ({ [field]: { order, unmapped_type: 'keyword' } })),
          { id: 'asc' as const },
        ],
        track_total_hits: true,
      };
      try {
        if (query.offset + query.limit > resultWindow) return await deepPage(search, query);
        const result = await client.search<ReadDocument>({ ...search, from: query.offset, size: query.limit });
        return { items: result.hits.hits.map((hit) => hit._source!), total: totalOf(result) };
      } catch (error) {
        if (isMissingIndex(error)) return { items: [], total: 0 };
        throw error;
      }
    },
    async *scan(collection, query = {}) {
      const index = indexOf(collection);
      if (query.fresh) await client.indices.refresh({ index, ignore_unavailable: true });
      const size = query.batch ?? defaultScanBatch;
      // search_after on the id rather than from/size: no page is sorted and counted again, and no scan stops at the
      // index's result window (10,000 documents).
      for (let after = query.after; ; ) {
        let hits: estypes.SearchHit<ReadDocument>[];
        try {
          const result = await client.search<ReadDocument>({
            index,
            query: { bool: { filter: (query.filters ?? []).map(clauseOf) } },
            sort: [{ id: 'asc' }],
            size,
            track_total_hits: false,
            ...(after === undefined ? {} : { search_after: [after] }),
          });
          hits = result.hits.hits;
        } catch (error) {
          if (isMissingIndex(error)) return;
          throw error;
        }
        if (hits.length > 0) yield hits.map((hit) => hit._source!);
        if (hits.length < size) return;
        after = String(hits.at(-1)!.sort![0]);
      }
    },
    async checkpoint(projection) {
      await ensureIndex(checkpoints);
      try {
        const found = await client.get<{ position: LogPosition }>({ index: checkpoints, id: projection });
        return found._source?.position ?? logStart;
      } catch (error) {
        if (error instanceof errors.ResponseError && error.statusCode === 404) return logStart;
        throw error;
      }
    },
    async reset(projection, collection) {
      await client.indices.delete({ index: indexOf(collection), ignore_unavailable: true });
      ready.delete(indexOf(collection));
      await client.delete({ index: checkpoints, id: projection, refresh: true }).catch(() => undefined);
    },
    ...elasticsearchAggregations({ client, indexOf, queryOf }),
    ping: async () => void (await client.cluster.health({ timeout: '1s' })),
    close: () => client.close(),
  };
}
