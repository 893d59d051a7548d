import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlReadStore } from '../read-store/sql-read-store.ts';
import { openPgliteClient } from './pglite-client.ts';
import type { SqlClient } from './sql-client.ts';

/** Temporary files the database wrote so far (sorts, windows and hashes spilled past their memory). */
async function temporaryFiles(sql: SqlClient) {
  await sql.query('select pg_stat_force_next_flush()');
  const [row] = await sql.query<{ files: string }>(
    'select temp_files as files from pg_stat_database where datname = current_database()',
  );
  return Number(row?.files ?? 0);
}

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('the embedded database sorts a large list in memory', { timeout: 120_000 }, () => {
  it.each(['in memory', 'on disk'])(
    '%s: the first page of 10,000 documents, sorted and counted, spills nothing',
    async (where) => {
      const folder = where === 'on disk' ? await mkdtemp(join(tmpdir(), 'nq-pglite-sort-')) : undefined;
      if (folder) folders.push(folder);
      const sql = await openPgliteClient(folder);
      try {
        const store = await openSqlReadStore(sql);
        // 10,000 documents of about 900 bytes: 9 MB to sort, twice PostgreSQL's default 4 MB of sort memory.
        for (let start = 0; start < 10_000; start += 5_000) {
          const writes = Array.from({ length: 5_000 }, (_, i) => {
            const id = `probe-${String(start + i).padStart(5, '0')}`;
            const doc = { id, name: `Probe ${((start + i) * 7_919) % 10_000}`, notes: 'n'.repeat(800) };
            return { id, doc, version: 1n };
          });
          await store.write('projection', 'probes', writes);
        }
        const before = await temporaryFiles(sql);
        const page = await store.list('probes', { sort: [{ field: 'name', order: 'asc' }], offset: 0, limit: 25 });
        expect(page.total).toBe(10_000);
        expect(page.items[0]?.name).toBe('Probe 0');
        expect(await temporaryFiles(sql)).toBe(before);
      } finally {
        await sql.close();
      }
    },
  );
});
