import { statSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openPgliteClient } from './pglite-client.ts';
import { forgetPristineCluster, pristineClusterFile } from './pglite-template.ts';

describe('in-memory PGlite databases started from the kept cluster', () => {
  it('are each pristine: what one database wrote is not in the next', async () => {
    const first = await openPgliteClient();
    await first.exec('create table written_by_the_first (id int)');
    const second = await openPgliteClient();
    const tables = await second.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_name = 'written_by_the_first'",
    );
    expect(tables).toEqual([]);
    await first.close();
    await second.close();
  });

  it('start anew from initdb when the kept copy does not load, and keep a good one again', async () => {
    forgetPristineCluster();
    writeFileSync(pristineClusterFile, 'not a tar of a cluster');
    const sql = await openPgliteClient();
    expect(await sql.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }]);
    await sql.close();
    expect(statSync(pristineClusterFile).size).toBeGreaterThan(1_000_000);
  });
});
