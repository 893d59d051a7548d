import { Client, errors, type estypes } from '@elastic/elasticsearch';
import type { EnrichedMeasurement } from '@nq/contracts';
import {
  type IspIdentityFacts,
  type MeasurementStore,
  sortStoredCopies,
  type WriteFailure,
} from '@nq/platform/measurements/measurement-store-port';
import { firstMonthKept, monthLeavesRetention } from '@nq/platform/measurements/retention';
import {
  type ElasticsearchConnection,
  elasticsearchClientOptions,
} from '@nq/platform/read-store/elasticsearch-connection';
import type { IndexSettings } from '@nq/platform/read-store/elasticsearch-index-settings';
import { isMissingIndex } from '@nq/platform/read-store/elasticsearch-missing-index';
import {
  fieldsMappedLater,
  measurementIndexTemplate,
  measurementMappings,
  monthOf,
} from './measurement-index-template.ts';

const assignPageSize = 1_000;
/** Indices named in one delete request (the URL stays short). */
const deleteGroupSize = 50;

const retryableStatus = (status: number) => status === 429 || status >= 500;
/** How long a month's index, once made sure of, is taken to be there behind the alias. */
const monthRecheckMs = 10 * 60_000;

export type ElasticsearchMeasurementStore = MeasurementStore & {
  alias: string;
  client: Client;
  /** Makes sure each month's index (`YYYY.MM`) is there behind the alias: for writers that bulk into it directly. */
  ensureMonths(months: Iterable<string>): Promise<void>;
};

/**
 * Measurements in Elasticsearch: one index per month (`<prefix>-measurements-YYYY.MM`) from an index template, all
 * behind the alias `<prefix>-measurements` that queries use. Bulk writes wait for the translog (durable), not for a
 * refresh; each item's failure is reported on its own.
 */
export async function openElasticsearchMeasurementStore(
  options: ElasticsearchConnection & { indexPrefix: string; indexSettings?: IndexSettings },
): Promise<ElasticsearchMeasurementStore> {
  const client = new Client(elasticsearchClientOptions(options));
  const alias = `${options.indexPrefix}-measurements`;
  let templateReady: Promise<void> | undefined;
  /** The monthly indices there are, each with its month (`YYYY-MM`). */
  const monthlyIndices = async () =>
    (await client.cat.indices({ index: `${alias}-*`, h: ['index'], format: 'json' })).flatMap(({ index = '' }) => {
      const suffix = index.slice(alias.length + 1);
      return /^\d{4}\.\d{2}$/.test(suffix) ? [{ index, month: suffix.replace('.', '-') }] : [];
    });
  /**
   * Whether the cluster has index lifecycle management (production's distribution; the test one has no such
   * endpoint: it answers 400, 404 or 405), asked once. Refused for want of a privilege, it throws: a misconfiguration.
   */
  let lifecycle: Promise<boolean> | undefined;
  const lifecycleManaged = () =>
    (lifecycle ??= client.ilm.getStatus().then(
      () => true,
      (error: unknown) => {
        if (error instanceof errors.ResponseError && [400, 404, 405].includes(error.statusCode ?? 0)) return false;
        lifecycle = undefined;
        throw error;
      },
    ));

  const ensureTemplate = () => {
    templateReady ??= client.indices
      .putIndexTemplate(measurementIndexTemplate(alias, options.indexSettings))
      // Monthly indices created before a field was mapped learn its mapping (new ones have it from the template).
      .then(() =>
        client.indices.putMapping({
          index: `${alias}-*`,
          allow_no_indices: true,
          properties: Object.fromEntries(
            fieldsMappedLater.map((field) => [field, measurementMappings.properties![field]!]),
          ),
        }),
      )
      .then(() => undefined)
      .catch((error: unknown) => {
        templateReady = undefined;
        throw error;
      });
    return templateReady;
  };

  /** When this process last made sure of each month's index (created, primary started, behind the alias). */
  const monthsEnsuredAt = new Map<string, number>();
  /**
   * Each month's index created and its primary shard started before it is put behind the alias queries use (the
   * template gives it none): a search through the alias never meets an index whose only shard is still being
   * allocated, which fails the whole search (an analyst's 500 at the first measurement of a month, or of an import of
   * older months). Made sure of again now and then: an index deleted by retention and written again gets its alias.
   */
  const ensureMonths = async (months: Iterable<string>) => {
    const now = Date.now();
    for (const month of months) {
      if (now - (monthsEnsuredAt.get(month) ?? -Infinity) < monthRecheckMs) continue;
      const index = `${alias}-${month}`;
      try {
        await client.indices.create({ index, wait_for_active_shards: 1 });
      } catch (error) {
        if (!(error instanceof errors.ResponseError && error.body?.error?.type === 'resource_already_exists_exception'))
          throw error;
      }
      const health = await client.cluster.health({ index, wait_for_status: 'yellow', timeout: '30s' });
      if (health.timed_out) throw new Error(`the index ${index} has no started primary shard yet`);
      await client.indices.putAlias({ index, name: alias });
      monthsEnsuredAt.set(month, now);
    }
  };

  /** The copies the store holds of these measurements (a realtime get: no refresh needed). */
  const heldCopiesOf = async (measurements: EnrichedMeasurement[]) => {
    const held = new Map<string, EnrichedMeasurement>();
    if (measurements.length === 0) return held;
    const { docs } = await client.mget<EnrichedMeasurement>({
      docs: measurements.map((measurement) => ({
        _index: `${alias}-${monthOf(measurement.measuredAt)}`,
        _id: measurement.measurementId,
      })),
    });
    for (const doc of docs) if ('found' in doc && doc.found && doc._source) held.set(doc._id, doc._source);
    return held;
  };

  const store: ElasticsearchMeasurementStore = {
    adapter: 'elasticsearch',
    alias,
    client,
    async write(measurements, json, { keepFirst = false } = {}) {
      if (measurements.length === 0) return { failed: [] };
      await ensureTemplate();
      const operation = keepFirst ? 'create' : 'index';
      // The request's body as one text, as the client would join it (an action line, then the document's JSON): the
      // documents' JSON is given, and the action lines differ only by month and id.
      const actionOfMonth = new Map<string, string>();
      let operations = '';
      for (let index = 0; index < measurements.length; index++) {
        const measurement = measurements[index]!;
        const month = monthOf(measurement.measuredAt);
        let action = actionOfMonth.get(month);
        if (action === undefined) {
          action = `{"${operation}":{"_index":${JSON.stringify(`${alias}-${month}`)},"_id":`;
          actionOfMonth.set(month, action);
        }
        operations += `${action}${JSON.stringify(measurement.measurementId)}}}\n${json?.[index] ?? JSON.stringify(measurement)}\n`;
      }
      await ensureMonths(actionOfMonth.keys());
      // Only what failures need: each item keeps its status (so items stay in order), errors their reason. The body
      // goes as bytes (the client joins only an array of operations, and sends bytes as they are): of a text, it
      // would count the UTF-8 length for the request's header before its HTTP client encodes it, a pass more over
      // a megabyte a batch.
      const response = await client.bulk({
        operations: Buffer.from(operations) as unknown as estypes.BulkOperationContainer[],
        filter_path: ['errors', 'items.*.status', 'items.*.error'],
      });
      if (!response.errors) return { failed: [], ...(keepFirst ? { duplicates: [], replays: [] } : {}) };
      const failed: WriteFailure[] = [];
      const stored: EnrichedMeasurement[] = [];
      response.items.forEach((item, index) => {
        const result = item[operation]!;
        if (!result.error) return;
        const measurement = measurements[index]!;
        if (keepFirst && result.status === 409) {
          stored.push(measurement);
          return;
        }
        failed.push({
          measurementId: measurement.measurementId,
          retryable: retryableStatus(result.status),
          reason: `${result.error.type}: ${result.error.reason ?? ''}`,
        });
      });
      if (!keepFirst) return { failed };
      return { failed, ...sortStoredCopies(stored, await heldCopiesOf(stored)) };
    },
    async get(measurementId) {
      const search = async () =>
        (
          await client.search<EnrichedMeasurement>({
            index: alias,
            query: { ids: { values: [measurementId] } },
            size: 1,
          })
        ).hits.hits[0]?._source;
      try {
        // Search is near-real-time: a miss refreshes once, so a measurement just written is found.
        const found = await search();
        if (found) return found;
        await client.indices.refresh({ index: alias, ignore_unavailable: true });
        return await search();
      } catch (error) {
        if (isMissingIndex(error)) return undefined;
        throw error;
      }
    },
    async count(filter = {}) {
      try {
        await client.indices.refresh({ index: alias, ignore_unavailable: true });
        const { count } = await client.count({
          index: alias,
          ...(filter.probeId ? { query: { term: { probeId: filter.probeId } } } : {}),
        });
        return count;
      } catch (error) {
        // Nothing written yet, or the first month's index still being allocated: nothing readable yet.
        if (isMissingIndex(error)) return 0;
        throw error;
      }
    },
    async page(after, limit) {
      try {
        // Search is near-real-time: the first page refreshes, so that it shows every write acknowledged before it.
        if (after === '') await client.indices.refresh({ index: alias });
        const { hits } = await client.search<EnrichedMeasurement>({
          index: alias,
          size: limit,
          sort: [{ measurementId: 'asc' }],
          ...(after === '' ? {} : { search_after: [after] }),
        });
        return hits.hits.map((hit) => hit._source!);
      } catch (error) {
        if (isMissingIndex(error)) return [];
        throw error;
      }
    },
    async assignIspIds(ispIdOf) {
      await ensureTemplate();
      try {
        // Indices created before the field existed learn its mapping (new ones have it from the template).
        await client.indices.putMapping({
          index: alias,
          properties: { ispId: measurementMappings.properties!.ispId! },
        });
        await client.indices.refresh({ index: alias });
      } catch (error) {
        if (isMissingIndex(error)) return 0;
        throw error;
      }
      let assigned = 0;
      // Pages in id order (search_after): measurements left without one are passed once, not read again.
      for (let after: estypes.SortResults | undefined; ; ) {
        const { hits } = await client.search<IspIdentityFacts>({
          index: alias,
          size: assignPageSize,
          query: { bool: { must_not: { exists: { field: 'ispId' } } } },
          _source: ['isp', 'imsi', 'ip'],
          sort: [{ measurementId: 'asc' }],
          ...(after ? { search_after: after } : {}),
        });
        if (hits.hits.length === 0) break;
        after = hits.hits.at(-1)!.sort;
        const operations = hits.hits.flatMap((hit) => {
          const ispId = ispIdOf(hit._source ?? {});
          return ispId ? [{ update: { _index: hit._index, _id: hit._id } }, { doc: { ispId } }] : [];
        });
        if (operations.length === 0) continue;
        const response = await client.bulk({ operations, filter_path: ['errors', 'items.*.error'] });
        if (response.errors) throw new Error(`assigning ISP ids failed: ${JSON.stringify(response.items[0])}`);
        assigned += operations.length / 2;
      }
      await client.indices.refresh({ index: alias });
      return assigned;
    },
    async applyRetention(months, now) {
      if (!(await lifecycleManaged())) return store.deleteMonthsBefore(firstMonthKept(now, months));
      // A delete phase at age 0, each monthly index's age counted from when its month falls out: policy and
      // origination date set together, so that no index is ever under the policy without its date.
      const policy = `${alias}-retention`;
      await client.ilm.putLifecycle({
        name: policy,
        policy: { phases: { delete: { min_age: '0ms', actions: { delete: {} } } } },
      });
      const indices = await monthlyIndices();
      for (const { index, month } of indices)
        await client.indices.putSettings({
          index,
          settings: {
            'index.lifecycle.name': policy,
            'index.lifecycle.origination_date': monthLeavesRetention(month, months).getTime(),
          },
        });
      return { lifecycle: 'ilm', policy, indices: indices.length };
    },
    async deleteMonthsBefore(month) {
      const old = (await monthlyIndices()).filter((found) => found.month < month);
      let measurements = 0;
      // By name, in groups: production clusters refuse deleting by wildcard (action.destructive_requires_name).
      for (let i = 0; i < old.length; i += deleteGroupSize) {
        const index = old.slice(i, i + deleteGroupSize).map((found) => found.index);
        await client.indices.refresh({ index });
        measurements += (await client.count({ index })).count;
        await client.indices.delete({ index });
      }
      for (const { month: deleted } of old) monthsEnsuredAt.delete(deleted.replace('-', '.'));
      return { months: old.map((found) => found.month).sort(), measurements };
    },
    ensureMonths: async (months) => {
      await ensureTemplate();
      await ensureMonths(months);
    },
    ping: async () => void (await client.cluster.health({ timeout: '5s' })),
    close: () => client.close(),
  };
  return store;
}
