import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awaitSchemaSteps, migrate, type SchemaModule, SchemaNewerThanCode, SchemaNotMigrated } from './migrations.ts';
import type { SqlClient } from './sql-client.ts';

/**
 * Versioned schema steps, the same on PostgreSQL and PGlite. `open` gives a client of the database under test;
 * `peer` another process's connection to it (PGlite has one process per database: the same client).
 */
export function describeMigrations(
  dialect: string,
  open: () => Promise<SqlClient>,
  peer: (sql: SqlClient) => Promise<SqlClient>,
) {
  describe(`schema migrations — ${dialect}`, () => {
    let sql: SqlClient;
    beforeAll(async () => {
      sql = await open();
    });
    afterAll(() => sql?.close());

    /** A module of its own per test, with tables named apart (tests may share a database). */
    const moduleNamed = () => {
      const name = `test_${randomUUID().slice(0, 8)}`;
      const first = {
        id: '1-tables',
        up: `create table if not exists ${name}_notes (id text primary key, body text not null)`,
      };
      const second = { id: '2-author', up: `alter table ${name}_notes add column if not exists author text` };
      const third = {
        id: '3-author-filled',
        up: async (tx: { query: SqlClient['query'] }) =>
          void (await tx.query(`update ${name}_notes set author = 'unknown' where author is null`)),
      };
      return { name, first, second, third };
    };
    const columnsOf = async (table: string) =>
      (
        await sql.query<{ column_name: string }>(
          'select column_name from information_schema.columns where table_name = $1 order by ordinal_position',
          [table],
        )
      ).map((row) => row.column_name);

    it('applies the steps in order, records them, and applies nothing the second time', async () => {
      const { name, first, second } = moduleNamed();
      const module: SchemaModule = { name, migrations: [first, second] };
      expect(await migrate(sql, module)).toEqual(['1-tables', '2-author']);
      expect(await migrate(sql, module)).toEqual([]);
      expect(await columnsOf(`${name}_notes`)).toEqual(['id', 'body', 'author']);
    });

    it('upgrades a database made by the previous version, keeping its rows', async () => {
      const { name, first, second, third } = moduleNamed();
      await migrate(sql, { name, migrations: [first] });
      await sql.query(`insert into ${name}_notes (id, body) values ('n1', 'kept')`);
      expect(await migrate(sql, { name, migrations: [first, second, third] })).toEqual(['2-author', '3-author-filled']);
      expect(await sql.query(`select id, body, author from ${name}_notes`)).toEqual([
        { id: 'n1', body: 'kept', author: 'unknown' },
      ]);
    });

    it('adopts tables made before steps were recorded (the first step creates only what is missing)', async () => {
      const { name, first, second } = moduleNamed();
      await sql.exec(`create table ${name}_notes (id text primary key, body text not null)`);
      await sql.query(`insert into ${name}_notes (id, body) values ('n1', 'before')`);
      expect(await migrate(sql, { name, migrations: [first, second] })).toEqual(['1-tables', '2-author']);
      expect(await sql.query(`select body from ${name}_notes`)).toEqual([{ body: 'before' }]);
    });

    it('refuses to run on a database a newer version migrated', async () => {
      const { name, first, second } = moduleNamed();
      await migrate(sql, { name, migrations: [first, second] });
      await expect(migrate(sql, { name, migrations: [first] })).rejects.toThrow(SchemaNewerThanCode);
    });

    it('leaves nothing half applied when a step fails', async () => {
      const { name, first } = moduleNamed();
      const broken = { id: '2-broken', up: `alter table ${name}_notes add column x text; select no_such_function()` };
      await expect(migrate(sql, { name, migrations: [first, broken] })).rejects.toThrow();
      expect(await columnsOf(`${name}_notes`)).toEqual([]);
      expect(await migrate(sql, { name, migrations: [first] })).toEqual(['1-tables']);
    });

    it('runs each step once when processes start together', async () => {
      const { name, first, second } = moduleNamed();
      const module = { name, migrations: [first, second] };
      const peers = await Promise.all([peer(sql), peer(sql)]);
      try {
        const results = await Promise.all([migrate(sql, module), ...peers.map((other) => migrate(other, module))]);
        expect(results.flat().sort()).toEqual(['1-tables', '2-author']);
      } finally {
        await Promise.all(peers.filter((other) => other !== sql).map((other) => other.close()));
      }
    });

    // A client of its own that awaits the steps (PGlite's peer is the same client: one that delegates to it).
    const awaitingPeer = async (waitMs: number) => {
      const other = await peer(sql);
      const awaiting: SqlClient = other === sql ? Object.create(sql) : other;
      awaitSchemaSteps(awaiting, { waitMs, pollMs: 20 });
      return { awaiting, close: () => (other === sql ? Promise.resolve() : other.close()) };
    };

    it('told to await, waits for another process to apply the steps, and applies none itself', async () => {
      const { name, first, second } = moduleNamed();
      const module = { name, migrations: [first, second] };
      const { awaiting, close } = await awaitingPeer(60_000);
      try {
        let settled = false;
        const waited = migrate(awaiting, module).finally(() => {
          settled = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(settled).toBe(false);
        expect(await columnsOf(`${name}_notes`)).toEqual([]);
        // `nq migrate`, as the Job runs it.
        expect(await migrate(sql, module)).toEqual(['1-tables', '2-author']);
        expect(await waited).toEqual([]);
      } finally {
        await close();
      }
    });

    it('told to await, fails naming the steps still missing once its wait is over', async () => {
      const { name, first } = moduleNamed();
      const { awaiting, close } = await awaitingPeer(100);
      try {
        const failure = migrate(awaiting, { name, migrations: [first] });
        await expect(failure).rejects.toThrow(SchemaNotMigrated);
        await expect(failure).rejects.toThrow(/1-tables.*nq migrate/);
      } finally {
        await close();
      }
    });
  });
}
