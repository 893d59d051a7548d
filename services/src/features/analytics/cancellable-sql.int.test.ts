import { openPgClient } from '@nq/platform/sql/pg-client';
import type { SqlClient } from '@nq/platform/sql/sql-client';
import { createTestDatabase } from '@nq/platform/testing/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancellableQuery } from './cancellable-sql.ts';

describe('cancellable SQL queries on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let sql: SqlClient;
  beforeAll(async () => {
    database = await createTestDatabase();
    sql = await openPgClient(database.url, { maxConnections: 2 });
  });
  afterAll(async () => {
    await sql?.close();
    await database?.drop();
  });

  const runningQueries = async () =>
    (
      await sql.query<{ count: number }>(
        `select count(*)::int as count from pg_stat_activity where query like 'select pg_sleep(30)%' and state = 'active'`,
      )
    )[0]!.count;

  it('cancels the backend running the query when aborted, and the pool keeps working', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const running = cancellableQuery(sql, { text: 'select pg_sleep(30) as slept', params: [] }, controller.signal);
    await expect.poll(runningQueries, { timeout: 5_000 }).toBe(1);
    controller.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await runningQueries()).toBe(0);
    // Both pooled connections answer again: the late cancel hit nothing.
    const answers = await Promise.all([1, 2].map(() => cancellableQuery(sql, { text: 'select 1 as one', params: [] })));
    expect(answers).toEqual([[{ one: 1 }], [{ one: 1 }]]);
  });

  it('refuses to start when already aborted', async () => {
    await expect(cancellableQuery(sql, { text: 'select 1', params: [] }, AbortSignal.abort())).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('answers as usual when not aborted', async () => {
    expect(
      await cancellableQuery(sql, { text: 'select $1::int as value', params: [5] }, new AbortController().signal),
    ).toEqual([{ value: 5 }]);
  });
});
