import type { Client, estypes } from '@elastic/elasticsearch';
import type { CubeDimension } from '@nq/contracts';
import {
  type IndexSettings,
  indexSettingsOf,
  singleNodeIndexSettings,
} from '@nq/platform/read-store/elasticsearch-index-settings';
import { isMissingIndex } from '@nq/platform/read-store/elasticsearch-missing-index';
import { dimensionFields } from '../measurements/measurement-index-template.ts';
import type { RowDimensions, StoredRow } from './cube-rows.ts';
import type { CubeStore, VersionedRow } from './cube-store.ts';

const keyword = { type: 'keyword' } as const;
const smallNumber = { type: 'byte' } as const;
const number = { type: 'double' } as const;

/**
 * A row's fields carry the raw measurements' names (`ispId`, `probeId`, `campaigns`…, and `measuredAt` for the bucket
 * start), so the filters the analytics compile for raw measurements select cube rows alike.
 */
export const cubeFields: Record<CubeDimension, string> = { ...dimensionFields, hour: 'hour', weekday: 'weekday' };

export const cubeRowMappings: estypes.MappingTypeMapping = {
  dynamic: false,
  properties: {
    rowId: keyword,
    cubeId: keyword,
    measuredAt: { type: 'date' },
    kpi: keyword,
    partition: { type: 'integer' },
    appliedOffset: { type: 'long' },
    program: keyword,
    testType: keyword,
    status: keyword,
    destination: { properties: { name: keyword } },
    ispId: keyword,
    provider: keyword,
    technology: { type: 'short' },
    probeId: keyword,
    probeType: keyword,
    campaigns: keyword,
    universes: keyword,
    clusters: keyword,
    tags: keyword,
    fringe: smallNumber,
    source: keyword,
    hour: smallNumber,
    weekday: smallNumber,
    count: { type: 'long' },
    sum: number,
    min: number,
    max: number,
    first: number,
    firstAt: { type: 'date' },
    firstId: keyword,
    last: number,
    lastAt: { type: 'date' },
    lastId: keyword,
    probes: keyword,
    bins: { type: 'nested', properties: { s: { type: 'integer' }, n: { type: 'long' } } },
  },
};

/** Dimensions kept after the first cube rows index was created. */
const dimensionsMappedLater = ['source'] as const;

interface RowDocument {
  rowId: string;
  cubeId: string;
  measuredAt: string;
  kpi: string;
  partition: number;
  appliedOffset: number;
  destination?: { name: string };
  [field: string]: unknown;
  bins: { s: number; n: number }[];
}

function documentOf(row: StoredRow): RowDocument {
  const document: RowDocument = {
    rowId: row.id,
    cubeId: row.cubeId,
    measuredAt: row.bucket,
    kpi: row.kpi,
    partition: row.partition,
    appliedOffset: row.appliedOffset,
    count: row.count,
    sum: row.sum,
    min: row.min,
    max: row.max,
    first: row.first,
    firstAt: row.firstAt,
    firstId: row.firstId,
    last: row.last,
    lastAt: row.lastAt,
    lastId: row.lastId,
    probes: row.probes,
    bins: row.bins.slots.map((s, index) => ({ s, n: row.bins.counts[index]! })),
    dimensions: row.dimensions,
  };
  for (const [dimension, value] of Object.entries(row.dimensions)) {
    if (dimension === 'destination') document.destination = { name: String(value) };
    else document[cubeFields[dimension as CubeDimension]] = value;
  }
  return document;
}

function rowOf(document: RowDocument): StoredRow {
  const read = <T>(field: string) => document[field] as T;
  return {
    id: document.rowId,
    cubeId: document.cubeId,
    bucket: new Date(document.measuredAt).toISOString(),
    kpi: document.kpi as StoredRow['kpi'],
    partition: document.partition,
    appliedOffset: document.appliedOffset,
    dimensions: read<RowDimensions>('dimensions'),
    count: read('count'),
    sum: read('sum'),
    min: read('min'),
    max: read('max'),
    first: read('first'),
    firstAt: read('firstAt'),
    firstId: read('firstId'),
    last: read('last'),
    lastAt: read('lastAt'),
    lastId: read('lastId'),
    probes: read('probes'),
    bins: { slots: document.bins.map((bin) => bin.s), counts: document.bins.map((bin) => bin.n) },
  };
}

const versionOf = (hit: { _seq_no?: number; _primary_term?: number }) => `${hit._seq_no}:${hit._primary_term}`;
const conditionOf = (version: string) => {
  const [seqNo, primaryTerm] = version.split(':').map(Number);
  return { if_seq_no: seqNo!, if_primary_term: primaryTerm! };
};

/** The index of cube rows beside a measurements alias (`<prefix>-measurements` → `<prefix>-cube-rows`). */
export const cubeRowsIndexOf = (measurementsAlias: string) =>
  `${measurementsAlias.replace(/-measurements$/, '')}-cube-rows`;

/** Cube rows in one Elasticsearch index (`<prefix>-cube-rows`), the row id as document id. */
export function elasticsearchCubeStore(
  client: Client,
  measurementsAlias: string,
  settings: IndexSettings = singleNodeIndexSettings,
): CubeStore & { index: string; client: Client } {
  const index = cubeRowsIndexOf(measurementsAlias);
  let created: Promise<void> | undefined;
  const ensureIndex = () => {
    created ??= client.indices
      .create({ index, mappings: cubeRowMappings, settings: indexSettingsOf(settings) })
      .then(() => undefined)
      .catch(async (error: unknown) => {
        if (!JSON.stringify((error as { body?: unknown }).body ?? '').includes('resource_already_exists_exception'))
          throw error;
        // An index created before a dimension was kept learns its mapping (a new one has it from the start), and
        // one created before its replicas were configured gets them (earlier versions made it without any).
        await client.indices.putSettings({ index, settings: { number_of_replicas: settings.replicas } });
        await client.indices.putMapping({
          index,
          properties: Object.fromEntries(
            dimensionsMappedLater.map((field) => [field, cubeRowMappings.properties![field]!]),
          ),
        });
      })
      .catch((error: unknown) => {
        created = undefined;
        throw error;
      });
    return created;
  };

  async function bulk(operations: object[], ids: string[]) {
    if (ids.length === 0) return { conflicts: [] };
    await ensureIndex();
    const response = await client.bulk({ operations, filter_path: ['errors', 'items.*.status', 'items.*.error'] });
    if (!response.errors) return { conflicts: [] };
    const conflicts: string[] = [];
    response.items.forEach((item, position) => {
      const result = Object.values(item)[0]!;
      if (!result.error) return;
      if (result.status === 409) conflicts.push(ids[position]!);
      else throw new Error(`cube row ${ids[position]} not written: ${result.error.type}: ${result.error.reason ?? ''}`);
    });
    return { conflicts };
  }

  return {
    adapter: 'elasticsearch',
    index,
    client,
    async get(ids) {
      const found = new Map<string, VersionedRow>();
      if (ids.length === 0) return found;
      await ensureIndex();
      const { docs } = await client.mget<RowDocument>({ index, ids });
      for (const doc of docs)
        if ('found' in doc && doc.found && doc._source)
          found.set(doc._id, { row: rowOf(doc._source), version: versionOf(doc) });
      return found;
    },
    put(writes) {
      return bulk(
        writes.flatMap(({ row, version }) => [
          version
            ? { index: { _index: index, _id: row.id, ...conditionOf(version) } }
            : { create: { _index: index, _id: row.id } },
          documentOf(row),
        ]),
        writes.map((write) => write.row.id),
      );
    },
    remove(rows) {
      return bulk(
        rows.map(({ id, version }) => ({ delete: { _index: index, _id: id, ...conditionOf(version) } })),
        rows.map((row) => row.id),
      );
    },
    async *scan(cubeId, { from, to }) {
      await ensureIndex();
      await client.indices.refresh({ index });
      let after: estypes.SortResults | undefined;
      for (;;) {
        const response = await client.search<RowDocument>({
          index,
          size: 1_000,
          seq_no_primary_term: true,
          query: {
            bool: { filter: [{ term: { cubeId } }, { range: { measuredAt: { gte: from, lt: to } } }] },
          },
          sort: [{ measuredAt: 'asc' }, { rowId: 'asc' }],
          ...(after ? { search_after: after } : {}),
        });
        const hits = response.hits.hits;
        if (hits.length > 0) yield hits.map((hit) => ({ row: rowOf(hit._source!), version: versionOf(hit) }));
        if (hits.length < 1_000) return;
        after = hits.at(-1)!.sort;
      }
    },
    async drop(cubeId) {
      await client
        .deleteByQuery({ index, query: { term: { cubeId } }, refresh: true, conflicts: 'proceed' })
        .catch((error: unknown) => {
          if (!isMissingIndex(error)) throw error;
        });
    },
    async size(cubeId) {
      await ensureIndex();
      const response = await client.search({
        index,
        size: 0,
        track_total_hits: true,
        query: { term: { cubeId } },
        aggs: {
          buckets: { cardinality: { field: 'measuredAt' } },
          oldest: { min: { field: 'measuredAt' } },
          newest: { max: { field: 'measuredAt' } },
        },
      });
      const rows = typeof response.hits.total === 'number' ? response.hits.total : (response.hits.total?.value ?? 0);
      const aggregations = response.aggregations as Record<string, { value: number | null }>;
      const stats = await client.indices.stats({ index, metric: 'store' });
      const all = await client.count({ index });
      const indexBytes = stats._all.primaries?.store?.size_in_bytes ?? 0;
      const iso = (value: number | null) => (value === null ? {} : { value: new Date(value).toISOString() });
      const oldest = iso(aggregations.oldest!.value).value;
      const newest = iso(aggregations.newest!.value).value;
      return {
        rows,
        buckets: aggregations.buckets!.value ?? 0,
        ...(oldest ? { oldestBucket: oldest } : {}),
        ...(newest ? { newestBucket: newest } : {}),
        // The index holds every cube: its size shared out by rows.
        sizeBytes: all.count > 0 ? Math.round((indexBytes * rows) / all.count) : 0,
      };
    },
    async close() {},
  };
}
