import type { LogPosition } from '@nq/contracts';
import type { GeoBounds, GeoTiles, ValueCount, ValueRange } from './read-store-aggregations.ts';

export type ReadDocument = { id: string } & Record<string, unknown>;

/**
 * A document matches when the field equals the value or, for an array field, contains it; `in`: any of them;
 * `range`: a value within the bounds; `within`: a geo point (`geoPointField`) inside the box; `anyOf`: at least one of
 * the nested filters (an empty `anyOf` matches nothing).
 */
export type ListFilter =
  | { field: string; equals: string | number | boolean }
  | { field: string; in: (string | number)[] }
  | { field: string; range: ValueRange }
  | { field: string; within: GeoBounds }
  | { anyOf: ListFilter[] };

export interface ListQuery {
  /** Every filter must match. */
  filters?: ListFilter[];
  /** Case-insensitive "contains" over the given text fields. */
  search?: { fields: string[]; text: string };
  sort?: { field: string; order: 'asc' | 'desc' }[];
  offset: number;
  limit: number;
  /**
   * Must show every write already checkpointed (read-your-writes). Without it a list may lag the checkpoint by up to
   * a second in Elasticsearch (near-real-time search), which then refreshes only for the readers that ask.
   */
  fresh?: boolean;
}

/** The documents a list with these filters and search would hold, counted rather than read. */
export type CountQuery = Pick<ListQuery, 'filters' | 'search' | 'fresh'>;

export interface GeoTileQuery extends CountQuery {
  /** The web-mercator zoom of the tiles (0 to 24). */
  zoom: number;
  /** Only the documents inside this box. */
  within?: GeoBounds;
  /** Also counts each tile's documents by the values of this field. */
  countBy?: string;
  /** At most this many tiles, the fullest first. */
  limit: number;
}

export const defaultScanBatch = 1_000;

export interface ScanQuery {
  /** Every filter must match. */
  filters?: ListFilter[];
  /** Documents per batch (default 1,000). */
  batch?: number;
  /** Resumes a scan: only the documents whose id comes after this one. */
  after?: string;
  /** As for a list: the first batch shows every write already checkpointed. */
  fresh?: boolean;
}

export interface DocumentWrite {
  id: string;
  /** null deletes the document. */
  doc: ReadDocument | null;
  /** The global sequence number of the last event applied: a write never replaces a newer one. */
  version: bigint;
}

/**
 * The read models: documents by collection, and each projection's checkpoint. The SQL adapter writes
 * documents and checkpoint in one transaction; the Elasticsearch adapter writes with external versions, so an event
 * replayed after a crash between the documents and the checkpoint is a no-op.
 */
export interface ReadStore {
  readonly adapter: string;
  /**
   * Writes documents and, with them, the projection's checkpoint. Read models fed from the Log port give no
   * checkpoint: their consumer commits its offsets, and document versions make a redelivery harmless.
   */
  write(projection: string, collection: string, writes: DocumentWrite[], checkpoint?: LogPosition): Promise<void>;
  get(collection: string, id: string): Promise<ReadDocument | undefined>;
  /** Several documents in one round trip: those found, by id (an id not found, or a collection never written, is absent). */
  getMany(collection: string, ids: readonly string[]): Promise<Map<string, ReadDocument>>;
  list(collection: string, query: ListQuery): Promise<{ items: ReadDocument[]; total: number }>;
  /**
   * Every document matching the filters, batch after batch in the order of their ids, each batch read after the last
   * id of the one before (keyset paging): a whole collection costs one indexed read per batch however large it is,
   * with no total counted and nothing skipped over. Not a snapshot: a document written during the scan may be read
   * as it was or as it is, or not at all; one left untouched is read exactly once.
   */
  scan(collection: string, query?: ScanQuery): AsyncIterable<ReadDocument[]>;
  /** How many documents match, counted by the store. */
  count(collection: string, query?: CountQuery): Promise<number>;
  /**
   * The matching documents counted by the values of a field holding one value each, the most frequent first (at most
   * `limit` values, 100 by default); documents without the field are not counted.
   */
  countBy(collection: string, field: string, query?: CountQuery & { limit?: number }): Promise<ValueCount[]>;
  /** The matching documents with a geo point (`geoPointField`) counted per map tile at a zoom, computed by the store. */
  geoTiles(collection: string, query: GeoTileQuery): Promise<GeoTiles>;
  /**
   * Changes stored documents in place, keeping their versions: `change` is given each document found and answers its
   * new content, or undefined to leave it. For a part of a document another writer than its projection keeps: a
   * projection's write that lands meanwhile wins (it has a newer version), and a change that meets one is read and
   * made again over it.
   */
  amend(
    collection: string,
    ids: readonly string[],
    change: (document: ReadDocument) => ReadDocument | undefined,
  ): Promise<void>;
  checkpoint(projection: string): Promise<LogPosition>;
  /** Forgets a projection's documents and checkpoint, so that it rebuilds from the start of the log. */
  reset(projection: string, collection: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
