import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteClient } from '../sql/pglite-client.ts';
import type { SqlClient } from '../sql/sql-client.ts';
import type { ReadStore, ScanQuery } from './read-store-port.ts';
import { openSqlReadStore } from './sql-read-store.ts';

const collection = 'scanned';
const size = 3_000;
const batch = 100;
const id = (i: number) => `d${String(i).padStart(5, '0')}`;

/**
 * The rows PostgreSQL's statistics say were read from the documents' table so far, by sequential and index scans
 * alike: the work a statement did, however fast the machine. Statistics reach the view when a transaction ends, and
 * only once a second unless a flush is forced.
 */
async function rowsRead(sql: SqlClient): Promise<number> {
  await sql.query('select pg_stat_force_next_flush()');
  const [row] = await sql.query<{ read: string }>(
    `select coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) as read
     from pg_stat_user_tables where relname = 'rm_documents'`,
  );
  return Number(row?.read);
}

describe('SQL read store scan on PGlite', { timeout: 60_000 }, () => {
  let sql: SqlClient;
  let store: ReadStore;

  beforeAll(async () => {
    sql = await openPgliteClient();
    store = await openSqlReadStore(sql);
    // Never analysed, as PGlite's tables always are (no autovacuum); other collections before and after it.
    for (const name of ['before', collection, 'after'])
      await store.write(
        `projection-${name}`,
        name,
        Array.from({ length: size }, (_, i) => ({ id: id(i), doc: { id: id(i), third: i % 3 === 0 }, version: 1n })),
      );
  });
  afterAll(async () => sql?.close());

  /** The ids a scan yields, and the rows it read to yield them. */
  async function scanned(query: ScanQuery) {
    const start = await rowsRead(sql);
    const ids: string[] = [];
    for await (const documents of store.scan(collection, query)) ids.push(...documents.map((doc) => doc.id));
    return { ids, read: (await rowsRead(sql)) - start };
  }

  // Each batch reads along the key, its own rows only: about the collection's rows in all. Reading every row after the
  // last batch's, and sorting them, read size²/2·batch (46,500 here).
  it('reads each document of the collection once, not the rest of the collection for each batch', async () => {
    const { ids, read } = await scanned({ batch });
    expect(ids).toEqual(Array.from({ length: size }, (_, i) => id(i)));
    expect(read).toBeGreaterThanOrEqual(size);
    expect(read).toBeLessThanOrEqual(size + batch);
  });

  it('reads each document once when a filter keeps some, and from where it resumes', async () => {
    const { ids, read } = await scanned({ batch, after: id(299), filters: [{ field: 'third', equals: true }] });
    expect(ids).toEqual(
      Array.from({ length: size }, (_, i) => i).flatMap((i) => (i > 299 && i % 3 === 0 ? [id(i)] : [])),
    );
    expect(read).toBeLessThanOrEqual(size - 300 + batch);
  });
});
