import type { Client, estypes } from '@elastic/elasticsearch';
import type { GeoBounds } from '@nq/contracts';
import { elasticsearchFailureOf } from './elasticsearch-failure.ts';
import { documentMissingTypes, isMissingIndex } from './elasticsearch-missing-index.ts';
import { type GeoTile, geoPointField, type ValueCount, type ValueRange } from './read-store-aggregations.ts';
import type { CountQuery, ReadDocument, ReadStore } from './read-store-port.ts';

/** Attempts at an in-place change that keeps meeting a projection's newer writes before it is given up. */
const AMEND_ATTEMPTS = 5;

export const rangeClause = (field: string, range: ValueRange) => ({ range: { [field]: range } });

export const withinClause = (field: string, box: GeoBounds) => ({
  geo_bounding_box: {
    [field]: { top_left: { lat: box.north, lon: box.west }, bottom_right: { lat: box.south, lon: box.east } },
  },
});

/** A terms bucket's value as it was written: booleans come back as 1 and 0. */
const bucketValue = (bucket: { key: string | number; key_as_string?: string }): ValueCount['value'] =>
  bucket.key_as_string === 'true' ? true : bucket.key_as_string === 'false' ? false : bucket.key;

type TermsAggregate = { buckets: { key: string | number; key_as_string?: string; doc_count: number }[] };
const countsOf = (terms: TermsAggregate | undefined): ValueCount[] =>
  (terms?.buckets ?? []).map((bucket) => ({ value: bucketValue(bucket), count: bucket.doc_count }));

const totalOf = (total: number | estypes.SearchTotalHits | undefined) =>
  typeof total === 'number' ? total : (total?.value ?? 0);

interface Adapter {
  client: Client;
  indexOf: (collection: string) => string;
  /** The bool query of the filters and search. */
  queryOf: (query: CountQuery) => { bool: { filter: object[]; must: object[] } };
}

/** Counts, grouped counts, map tiles (geotile_grid) and in-place changes of the Elasticsearch read store. */
export function elasticsearchAggregations({
  client,
  indexOf,
  queryOf,
}: Adapter): Pick<ReadStore, 'count' | 'countBy' | 'geoTiles' | 'amend'> {
  async function searched<T>(collection: string, query: CountQuery, read: (index: string) => Promise<T>, none: T) {
    const index = indexOf(collection);
    if (query.fresh) await client.indices.refresh({ index, ignore_unavailable: true });
    try {
      return await read(index);
    } catch (error) {
      if (isMissingIndex(error)) return none;
      throw error;
    }
  }

  return {
    count: (collection, query = {}) =>
      searched(collection, query, async (index) => (await client.count({ index, query: queryOf(query) })).count, 0),
    countBy: (collection, field, query = {}) =>
      searched(
        collection,
        query,
        async (index) => {
          const result = await client.search({
            index,
            size: 0,
            query: queryOf(query),
            aggs: { values: { terms: { field, size: query.limit ?? 100 } } },
          });
          return countsOf(result.aggregations?.values as TermsAggregate | undefined);
        },
        [],
      ),
    geoTiles: (collection, query) =>
      searched(
        collection,
        query,
        async (index) => {
          const base = queryOf(query);
          const field = geoPointField;
          const within = query.within ? [withinClause(field, query.within)] : [];
          const result = await client.search({
            index,
            size: 0,
            track_total_hits: true,
            query: { bool: { ...base.bool, filter: [...base.bool.filter, { exists: { field } }, ...within] } },
            aggs: {
              tiles: {
                geotile_grid: {
                  field,
                  precision: query.zoom,
                  size: query.limit,
                  ...(query.within ? { bounds: withinClause(field, query.within).geo_bounding_box[field] } : {}),
                },
                aggs: {
                  centroid: { geo_centroid: { field } },
                  ...(query.countBy ? { values: { terms: { field: query.countBy, size: 100 } } } : {}),
                },
              },
              bounds: { geo_bounds: { field, wrap_longitude: false } },
            },
          });
          type Bucket = {
            key: string;
            doc_count: number;
            centroid: { location?: { lat: number; lon: number } };
            values?: TermsAggregate;
          };
          const buckets = (result.aggregations?.tiles as { buckets: Bucket[] } | undefined)?.buckets ?? [];
          const tiles = buckets.map(
            (bucket): GeoTile => ({
              key: bucket.key,
              count: bucket.doc_count,
              centroid: bucket.centroid.location ?? { lat: 0, lon: 0 },
              ...(query.countBy ? { counts: countsOf(bucket.values) } : {}),
            }),
          );
          const box = (
            result.aggregations?.bounds as
              | { bounds?: { top_left: { lat: number; lon: number }; bottom_right: { lat: number; lon: number } } }
              | undefined
          )?.bounds;
          return {
            tiles,
            total: totalOf(result.hits.total),
            ...(box
              ? {
                  bounds: {
                    west: box.top_left.lon,
                    north: box.top_left.lat,
                    east: box.bottom_right.lon,
                    south: box.bottom_right.lat,
                  },
                }
              : {}),
          };
        },
        { tiles: [], total: 0 },
      ),
    async amend(collection, ids, change) {
      const index = indexOf(collection);
      let pending = [...new Set(ids)];
      for (let attempt = 1; pending.length > 0; attempt++) {
        if (attempt > AMEND_ATTEMPTS)
          throw new Error(`read model change kept meeting newer writes: ${pending.length} documents of ${collection}`);
        let docs: estypes.MgetResponseItem<ReadDocument>[];
        try {
          docs = (await client.mget<ReadDocument>({ index, ids: pending })).docs;
        } catch (error) {
          if (isMissingIndex(error, documentMissingTypes)) return;
          throw error;
        }
        // Written again at the version read: the document keeps it, and a projection's newer write refuses this one.
        const operations = docs.flatMap((doc): object[] => {
          if (!('found' in doc) || !doc.found || !doc._source) return [];
          const next = change(doc._source);
          if (!next) return [];
          return [
            { index: { _index: index, _id: doc._id, version: doc._version, version_type: 'external_gte' } },
            next,
          ];
        });
        if (operations.length === 0) return;
        const response = await client.bulk({ operations });
        const results = response.items.map((item) => Object.values(item)[0]!);
        const failure = results.find((result) => result.error && result.status !== 409);
        if (failure) throw new Error(`read model change failed: ${elasticsearchFailureOf(failure.error!)}`);
        pending = results.filter((result) => result.status === 409).map((result) => result._id!);
      }
    },
  };
}
