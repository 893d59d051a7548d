import { PGlite } from '@electric-sql/pglite';
import { inProcessSessionLocks } from './session-lock.ts';
import type { SqlClient, SqlParam, SqlTransaction } from './sql-client.ts';

/** PGlite: PostgreSQL compiled to WebAssembly, in process. `dataDir` undefined keeps everything in memory. */
export async function openPgliteClient(dataDir?: string): Promise<SqlClient> {
  const db = await PGlite.create(dataDir ? { dataDir } : {});
  const run = async <Row>(executor: Pick<PGlite, 'query'>, text: string, params?: readonly SqlParam[]) =>
    (await executor.query<Row>(text, params ? [...params] : [])).rows;
  return {
    dialect: 'pglite',
    query: (text, params) => run(db, text, params),
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          query: (text, params) => run(tx, text, params),
          exec: async (script) => void (await tx.exec(script)),
        } satisfies SqlTransaction),
      ),
    exec: async (script) => {
      await db.exec(script);
    },
    listen: async (channel, onNotify) => {
      const unlisten = await db.listen(channel, onNotify);
      return () => unlisten();
    },
    tryLock: inProcessSessionLocks().tryLock,
    close: () => db.close(),
  };
}
