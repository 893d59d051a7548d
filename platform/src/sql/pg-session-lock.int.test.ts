import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/infra.ts';
import { waitFor } from '../testing/wait-for.ts';
import { openPgClient } from './pg-client.ts';
import type { SqlClient } from './sql-client.ts';

describe('session locks on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let first: SqlClient;
  let second: SqlClient;

  beforeAll(async () => {
    database = await createTestDatabase();
    [first, second] = await Promise.all([openPgClient(database.url), openPgClient(database.url)]);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  });

  /** The backend holding a name's lock (an advisory lock's low 32 bits are its objid). */
  const holderOf = async (name: string) =>
    (
      await first.query<{ pid: number }>(
        `select pid from pg_locks where locktype = 'advisory' and granted
         and database = (select oid from pg_database where datname = current_database())
         and objid::text::bigint = hashtext($1)::bigint & 4294967295`,
        [name],
      )
    )[0]?.pid;

  it('grants a name to one session at a time, and to the next once released', async () => {
    const lock = await first.tryLock('nq-lease:test');
    expect(lock).toBeDefined();
    expect(await second.tryLock('nq-lease:test')).toBeUndefined();
    const other = await second.tryLock('nq-lease:other');
    expect(other).toBeDefined();
    await other!.release();
    await lock!.release();
    const taken = await second.tryLock('nq-lease:test');
    expect(taken).toBeDefined();
    await taken!.release();
  });

  it('tells the holder its lock is lost when its connection ends, and frees it for another', async () => {
    const lock = (await first.tryLock('nq-lease:lost'))!;
    const holder = await holderOf('nq-lease:lost');
    expect(holder).toBeDefined();
    await second.query('select pg_terminate_backend($1)', [holder!]);
    await waitFor('the holder to hear of it', () => lock.lost.aborted, 10_000);
    expect(String(lock.lost.reason)).toMatch(/connection/);
    const next = await second.tryLock('nq-lease:lost');
    expect(next).toBeDefined();
    await next!.release();
    await lock.release();
  });
});
