import type { StoredRow } from './cube-rows.ts';

/** A row as read, with what a conditional write of it must match (it changed meanwhile otherwise). */
export interface VersionedRow {
  row: StoredRow;
  version: string;
}

/** A row to write: over the version read, or as a new row (absent `version`) that must not exist yet. */
export interface RowWrite {
  row: StoredRow;
  version?: string;
}

export interface CubeSize {
  rows: number;
  buckets: number;
  oldestBucket?: string;
  newestBucket?: string;
  sizeBytes: number;
}

/**
 * Where cube rows live: an Elasticsearch index beside the measurements' in the distributed profile, a
 * SQL table in the embedded one. Rows are read and written by id, each write conditional on the version read, so
 * that two writers of one row (a rebuild and the stream) never lose each other's counts.
 */
export interface CubeStore {
  readonly adapter: string;
  /** The stored rows among these ids (realtime: a row just written is read back). */
  get(ids: string[]): Promise<Map<string, VersionedRow>>;
  /** Writes the rows; answers the ids whose version no longer matched (nothing written for them). Durable. */
  put(writes: RowWrite[]): Promise<{ conflicts: string[] }>;
  /** Every stored row of a cube whose bucket starts in [from, to), a page at a time. */
  scan(cubeId: string, range: { from: string; to: string }): AsyncGenerator<VersionedRow[]>;
  /** Deletes rows by id, each only if still at the version read; answers the conflicting ids. */
  remove(rows: { id: string; version: string }[]): Promise<{ conflicts: string[] }>;
  /** Deletes every row of a cube (a cube deleted). */
  drop(cubeId: string): Promise<void>;
  size(cubeId: string): Promise<CubeSize>;
  close(): Promise<void>;
}
