import { PGlite } from '@electric-sql/pglite';
import { forgetPristineCluster, keepPristineCluster, pristineCluster } from './pglite-template.ts';
import { inProcessSessionLocks } from './session-lock.ts';
import type { SqlClient, SqlParam, SqlTransaction } from './sql-client.ts';

// An in-memory database keeps its files in memory already: PostgreSQL's default 128 MB of shared buffers would only
// cache them twice, and zeroing them took half of each database's start (0.8 of 1.6 s of CPU; tests start hundreds).
// 100 connections' worth of shared state is as idle in PGlite's single backend.
// Sorts, windows and hashes get 128 MB before spilling to temporary files (PostgreSQL's default is 4 MB, sized for a
// server running many sessions): one backend serves the whole embedded platform, and a page of a 100,000-probe list
// (its documents sorted with their total counted) spilled 50 MB and took three times as long. Taken only when used.
const sortMemoryParams = ['-c', 'work_mem=128MB'];
const inMemoryStartParams = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'max_connections=5',
  ...sortMemoryParams,
];

/** An in-memory database, started from the pristine cluster kept by an earlier one when there is one. */
async function openInMemory() {
  const cluster = pristineCluster();
  if (cluster) {
    try {
      return await PGlite.create({ loadDataDir: cluster, startParams: inMemoryStartParams });
    } catch {
      forgetPristineCluster();
    }
  }
  const db = await PGlite.create({ startParams: inMemoryStartParams });
  await keepPristineCluster(db);
  return db;
}

/** PGlite: PostgreSQL compiled to WebAssembly, in process. `dataDir` undefined keeps everything in memory. */
export async function openPgliteClient(dataDir?: string): Promise<SqlClient> {
  const db = dataDir
    ? await PGlite.create({ dataDir, startParams: [...PGlite.defaultStartParams, ...sortMemoryParams] })
    : await openInMemory();
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
