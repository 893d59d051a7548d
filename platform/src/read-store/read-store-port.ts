import type { LogPosition } from '@nq/contracts';

export type ReadDocument = { id: string } & Record<string, unknown>;

/**
 * A document matches when the field equals the value or, for an array field, contains it; `in`: any of them;
 * `anyOf`: at least one of the nested filters (an empty `anyOf` matches nothing).
 */
export type ListFilter =
  | { field: string; equals: string | number | boolean }
  | { field: string; in: (string | number)[] }
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
  checkpoint(projection: string): Promise<LogPosition>;
  /** Forgets a projection's documents and checkpoint, so that it rebuilds from the start of the log. */
  reset(projection: string, collection: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
