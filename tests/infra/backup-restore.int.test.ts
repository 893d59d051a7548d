import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { dropDatabase, ensureDatabase } from '@nq/platform/sql/ensure-database';
import { createTestDatabase, deleteIndices, distributedEnvironment, infra } from '@nq/platform/testing/infra';
import { readModels as projections } from '@nq/services/composition/platform-runs';
import { openTestApi } from '@nq/services/testing/test-api';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const cli = resolve(import.meta.dirname, '../../services/src/cli.ts');

/** Every document of every configuration read model under an index prefix: id, external version and content. */
async function readModels(prefix: string) {
  await fetch(`${infra.elasticsearchUrl}/${prefix}-rm-*/_refresh`, { method: 'POST' });
  const models: Record<string, { id: string; version: number; source: unknown }[]> = {};
  for (const { collection } of projections) {
    const index = `${prefix}-rm-${collection.toLowerCase()}`;
    const response = await fetch(`${infra.elasticsearchUrl}/${index}/_search?ignore_unavailable=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ size: 10_000, version: true, query: { match_all: {} } }),
    });
    const hits = ((await response.json()) as { hits: { hits: { _id: string; _version: number; _source: unknown }[] } })
      .hits.hits;
    models[collection] = hits
      .map((hit) => ({ id: hit._id, version: hit._version, source: hit._source }))
      .sort((a, b) => a.id.localeCompare(b.id));
  }
  return models;
}

/**
 * The backup procedure of docs/operations.md ("Data lifecycle"), tested once: the event store is the only state to
 * back up. A database filled through the platform's commands is dumped with `pg_dump -Fc`, restored with `pg_restore`
 * into a new empty one, and `nq rebuild all`, run as an operator would against the restored database and fresh
 * indices, gives back the same read models — each document at the same version.
 */
const original = await createTestDatabase();
const restored = { name: `${original.name}_restored`, url: `${original.url}_restored` };

describe('backup and restore of the event store', { timeout: 240_000 }, () => {
  const folder = mkdtempSync(join(tmpdir(), 'nq-backup-'));
  afterAll(async () => {
    await original.drop();
    await dropDatabase(restored.url);
    await deleteIndices(restored.name);
    rmSync(folder, { recursive: true, force: true });
  });

  it('pg_dump, pg_restore into an empty database and a rebuild give the same read models', async () => {
    const api = await openTestApi(distributedEnvironment(original));
    try {
      const created = await Promise.all(
        ['Fibre', 'Mobile', 'Rural'].map(
          async (name) => (await api.app.inject({ method: 'POST', url: '/tags', payload: { name } })).json().id,
        ),
      );
      await api.app.inject({ method: 'PUT', url: `/tags/${created[0]}`, payload: { name: 'Fibre FTTH' } });
      await api.app.inject({ method: 'PUT', url: `/tags/${created[0]}`, payload: { profiles: ['analysts'] } });
      await api.app.inject({ method: 'DELETE', url: `/tags/${created[2]}` });
      await api.createIdentity('analysts', { name: 'Analysts' });
      expect(await api.platform.projector.waitFor(await api.platform.eventStore.head(), 30_000)).toBe(true);
    } finally {
      await api.raw.close();
    }
    const before = await readModels(original.name);
    // Each tag at its stream's version (the document's own version in the index is its event's log position).
    const tags = before.tags!.map(({ source }) => source as { name: string; version: number });
    expect(tags.map(({ name, version }) => [name, version]).sort()).toEqual([
      ['Fibre FTTH', 3],
      ['Mobile', 1],
    ]);

    const dump = join(folder, 'nq.dump');
    const started = performance.now();
    await run('pg_dump', ['-Fc', '--no-owner', `--file=${dump}`, `--dbname=${original.url}`]);
    await ensureDatabase(restored.url);
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restored.url}`, dump]);
    const rebuilt = await run(process.execPath, [cli, 'rebuild', 'all'], {
      env: {
        PATH: process.env.PATH,
        ...distributedEnvironment(restored),
        LOG_LEVEL: 'warn',
      },
    });
    console.info(
      `backup, restore and rebuild in ${((performance.now() - started) / 1_000).toFixed(1)} s:\n${rebuilt.stdout}`,
    );
    expect(rebuilt.stdout).toMatch(/^configuration-tags: 10 events in/m);

    expect(await readModels(restored.name)).toEqual(before);
  });
});
