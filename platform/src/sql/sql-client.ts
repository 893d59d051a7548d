import type { SessionLock } from './session-lock.ts';

/**
 * The one SQL surface shared by the PostgreSQL (`pg`) and PGlite adapters, so that every table-backed adapter
 * (event store, embedded log, SQL read models) is written once.
 */
export type SqlParam = string | number | bigint | boolean | null | Date | object;

export interface SqlExecutor {
  query<Row = Record<string, unknown>>(text: string, params?: readonly SqlParam[]): Promise<Row[]>;
}

/** A transaction's connection: queries, and scripts of several statements (migrations). */
export interface SqlTransaction extends SqlExecutor {
  exec(script: string): Promise<void>;
}

export interface SqlClient extends SqlExecutor {
  readonly dialect: 'postgresql' | 'pglite';
  /** Runs `work` in one transaction; it commits when `work` resolves and rolls back when it throws. */
  transaction<T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T>;
  /** Runs several statements separated by semicolons (migrations). */
  exec(script: string): Promise<void>;
  /** Calls `onNotify` on every NOTIFY sent to `channel` (by any connection); resolves to the unsubscribe function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Takes the named lock for this process, on a session of its own, unless another holds it (undefined then). A
   * process that dies loses it with its connection.
   */
  tryLock(name: string): Promise<SessionLock | undefined>;
  close(): Promise<void>;
}
