import { Client, type estypes } from '@elastic/elasticsearch';
import type { EnrichedMeasurement } from '@nq/contracts';
import type {
  IspIdentityFacts,
  MeasurementStore,
  WriteFailure,
} from '@nq/services/platform/measurements/measurement-store-port';
import { isMissingIndex } from '@nq/services/platform/read-store/elasticsearch-missing-index';
import { measurementIndexTemplate, measurementMappings, monthOf } from './measurement-index-template.ts';

const assignPageSize = 1_000;

const retryableStatus = (status: number) => status === 429 || status >= 500;

/**
 * Measurements in Elasticsearch: one index per month (`<prefix>-measurements-YYYY.MM`) from an index template, all
 * behind the alias `<prefix>-measurements` that queries use. Bulk writes wait for the translog (durable), not for a
 * refresh; each item's failure is reported on its own.
 */
export async function openElasticsearchMeasurementStore(options: {
  url: string;
  indexPrefix: string;
}): Promise<MeasurementStore & { alias: string; client: Client }> {
  const client = new Client({ node: options.url });
  const alias = `${options.indexPrefix}-measurements`;
  let templateReady: Promise<void> | undefined;

  const ensureTemplate = () => {
    templateReady ??= client.indices
      .putIndexTemplate(measurementIndexTemplate(alias))
      // Monthly indices created before a field was mapped learn its mapping (new ones have it from the template).
      .then(() =>
        client.indices.putMapping({
          index: `${alias}-*`,
          allow_no_indices: true,
          properties: { connectedDevices: measurementMappings.properties!.connectedDevices! },
        }),
      )
      .then(() => undefined)
      .catch((error: unknown) => {
        templateReady = undefined;
        throw error;
      });
    return templateReady;
  };

  return {
    adapter: 'elasticsearch',
    alias,
    client,
    async write(measurements, json) {
      if (measurements.length === 0) return { failed: [] };
      await ensureTemplate();
      const operations = measurements.flatMap((measurement, index): (object | string)[] => [
        { index: { _index: `${alias}-${monthOf(measurement.measuredAt)}`, _id: measurement.measurementId } },
        json?.[index] ?? measurement,
      ]);
      // Only what failures need: each item keeps its status (so items stay in order), errors their reason.
      const response = await client.bulk({ operations, filter_path: ['errors', 'items.*.status', 'items.*.error'] });
      if (!response.errors) return { failed: [] };
      const failed: WriteFailure[] = [];
      response.items.forEach((item, index) => {
        const result = item.index!;
        if (!result.error) return;
        failed.push({
          measurementId: measurements[index]!.measurementId,
          retryable: retryableStatus(result.status),
          reason: `${result.error.type}: ${result.error.reason ?? ''}`,
        });
      });
      return { failed };
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
    ping: async () => void (await client.cluster.health({ timeout: '5s' })),
    close: () => client.close(),
  };
}
