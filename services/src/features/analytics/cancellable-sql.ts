import type { SqlClient } from '@nq/platform/sql/sql-client';
import type { SqlQuery } from './compile-sql.ts';

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * Runs a query that an abort cancels. On PostgreSQL the query runs on a connection of its own and an abort cancels
 * its backend (`pg_cancel_backend`), waited for before the connection goes back to the pool so that a late cancel
 * cannot hit another query. PGlite runs in this process and cannot be interrupted: an abort only stops the waiting.
 */
export async function cancellableQuery<Row>(sql: SqlClient, query: SqlQuery, signal?: AbortSignal): Promise<Row[]> {
  signal?.throwIfAborted();
  if (!signal) return sql.query<Row>(query.text, query.params);
  if (sql.dialect !== 'postgresql') return untilAborted(sql.query<Row>(query.text, query.params), signal);
  return sql.transaction(async (connection) => {
    const [{ pid }] = (await connection.query<{ pid: number }>('select pg_backend_pid() as pid')) as [{ pid: number }];
    let cancelling: Promise<unknown> | undefined;
    const cancel = () => {
      cancelling = sql.query('select pg_cancel_backend($1)', [pid]).catch(() => undefined);
    };
    signal.throwIfAborted();
    signal.addEventListener('abort', cancel, { once: true });
    try {
      return await connection.query<Row>(query.text, query.params);
    } catch (error) {
      throw signal.aborted ? signal.reason : error;
    } finally {
      signal.removeEventListener('abort', cancel);
      await cancelling;
    }
  });
}
