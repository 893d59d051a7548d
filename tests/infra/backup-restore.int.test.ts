import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { backupStoresOf } from '@nq/platform/backup/backup';
import { loadConfig } from '@nq/platform/config/config';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { openPlatform, type Platform } from '@nq/platform/platform';
import { dropDatabase } from '@nq/platform/sql/ensure-database';
import { createTestDatabase, deleteIndices, distributedEnvironment, infra } from '@nq/platform/testing/infra';
import { waitFor } from '@nq/platform/testing/wait-for';
import { platformRuns, readModels as projections } from '@nq/services/composition/platform-runs';
import { loadDemoHistory } from '@nq/services/demo/load-demo';
import { openTestApi } from '@nq/services/testing/test-api';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const cli = resolve(import.meta.dirname, '../../services/src/cli.ts');

/** Every document of every read model under an index prefix, by id, with its content (what an analyst reads). */
async function readModels(prefix: string) {
  await fetch(`${infra.elasticsearchUrl}/${prefix}-rm-*/_refresh`, { method: 'POST' });
  const models: Record<string, { id: string; source: unknown }[]> = {};
  for (const { collection } of projections) {
    const index = `${prefix}-rm-${collection.toLowerCase()}`;
    const response = await fetch(`${infra.elasticsearchUrl}/${index}/_search?ignore_unavailable=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ size: 10_000, query: { match_all: {} } }),
    });
    const hits = ((await response.json()) as { hits: { hits: { _id: string; _source: unknown }[] } }).hits.hits;
    models[collection] = hits
      .map((hit) => ({ id: hit._id, source: hit._source }))
      .sort((a, b) => a.id.localeCompare(b.id));
  }
  return models;
}

/** What a platform holds that a backup must give back: its tables' rows, its measurements, its files' bytes. */
async function holdings(platform: Platform) {
  const stores = backupStoresOf(platform);
  const tables: Record<string, unknown[]> = {};
  for (const table of stores.schemas.flatMap((schema) => schema.backedUp ?? [])) {
    const without = (table.local ?? []).map((column) => ` - '${column}'`).join('');
    tables[table.name] = (
      await platform.sql.query<{ row: unknown }>(
        `select to_jsonb(t)${without} as row from ${table.name} t order by ${table.key.join(', ')}`,
      )
    ).map(({ row }) => row);
  }
  const measurements = [];
  for (let page = await platform.measurements.page('', 1_000); page.length > 0; ) {
    measurements.push(...page);
    page = await platform.measurements.page(page.at(-1)!.measurementId, 1_000);
  }
  const files = Object.fromEntries(
    (await platform.files.list()).map((name) => [
      name,
      createHash('sha256')
        .update(readFileSync(join(platform.config.filesDir, name)))
        .digest('hex'),
    ]),
  );
  return { tables, measurements, files };
}

const count = (tables: Record<string, unknown[]>, name: string) => tables[name]?.length ?? 0;

/**
 * The restore drill of docs/operations.md, on the real servers: a platform with the demo configuration, weeks of its
 * fleet's measurements, the alert history they raised and a generated file is backed up by `nq backup` (an OS
 * process, as an operator runs it); its database, its indices and its files are destroyed; `nq restore` brings them
 * back from the backup and rebuilds the read models, and everything is there again — every table row, read-model
 * document, measurement and file byte. What was written after the backup is what a restore loses (the RPO).
 */
const database = await createTestDatabase();
const filesDir = mkdtempSync(join(tmpdir(), 'nq-drill-files-'));
const backupsDir = mkdtempSync(join(tmpdir(), 'nq-drill-backups-'));
const environment = { ...distributedEnvironment(database), FILES_DIR: filesDir };
const cliEnvironment = { PATH: process.env.PATH, ...environment, LOG_LEVEL: 'warn' };
const openStores = () => openPlatform(loadConfig({ ...environment, LOG_LEVEL: 'silent' }), platformRuns);

describe('the restore drill: backup, loss of every store, restore', { timeout: 600_000 }, () => {
  afterAll(async () => {
    await database.drop();
    rmSync(filesDir, { recursive: true, force: true });
    rmSync(backupsDir, { recursive: true, force: true });
  });

  it('gives back every configuration entity, measurement, alert history entry and file', async () => {
    const api = await openTestApi(environment, { demoData: true });
    let afterBackup: string;
    try {
      await api.createIdentity('analysts', { name: 'Analysts' }, 'a long enough passphrase');
      const history = await loadDemoHistory(api.platform, { weeks: 1 });
      expect(history.measurements).toBeGreaterThan(1_000);
      // The alert evaluator reads the recent measurements the demo history streamed; the job workers make its file.
      const stopAlerting = await api.platform.startWorkers({ processes: ['alerting'] });
      try {
        await waitFor(
          'an alert history entry and the demo file',
          async () =>
            Number((await api.platform.sql.query<{ n: string }>('select count(*) as n from alert_history'))[0]!.n) >
              0 && (await api.platform.files.list()).length > 0,
          240_000,
        );
      } finally {
        await stopAlerting();
      }
      expect(await api.platform.projector.waitFor(await api.platform.eventStore.head(), 60_000)).toBe(true);
    } finally {
      await api.raw.close();
    }

    const stores = await openStores();
    const before = await holdings(stores);
    await stores.close();
    const readModelsBefore = await readModels(database.name);

    const backup = join(backupsDir, 'nq-drill');
    let started = performance.now();
    const backedUp = await run(process.execPath, [cli, 'backup', backup], { env: cliEnvironment });
    const backupSeconds = (performance.now() - started) / 1_000;

    // Written after the backup: what a restore from it loses.
    const late = await openTestApi(environment);
    try {
      const tag = await late.app.inject({ method: 'POST', url: '/tags', payload: { name: 'After the backup' } });
      afterBackup = tag.json().id;
    } finally {
      await late.raw.close();
    }

    // Every store lost: the database, every index of the platform, the files.
    await dropDatabase(database.url);
    await deleteIndices(database.name);
    rmSync(filesDir, { recursive: true, force: true });

    started = performance.now();
    const restored = await run(process.execPath, [cli, 'restore', backup], { env: cliEnvironment });
    const restoreSeconds = (performance.now() - started) / 1_000;

    const again = await openStores();
    const after = await holdings(again);
    await again.close();
    const readModelsAfter = await readModels(database.name);

    const rows = [
      ['events', count(before.tables, 'es_events'), count(after.tables, 'es_events')],
      [
        'configuration documents',
        Object.values(readModelsBefore).flat().length,
        Object.values(readModelsAfter).flat().length,
      ],
      [
        'passwords and credentials',
        count(before.tables, 'iam_passwords') + count(before.tables, 'iam_credentials'),
        count(after.tables, 'iam_passwords') + count(after.tables, 'iam_credentials'),
      ],
      ['alert history entries', count(before.tables, 'alert_history'), count(after.tables, 'alert_history')],
      ['measurements', before.measurements.length, after.measurements.length],
      ['files', Object.keys(before.files).length, Object.keys(after.files).length],
    ];
    console.info(
      `restore drill (${backedUp.stdout.trim().split('\n').at(-1)}):\n` +
        rows.map(([what, stored, back]) => `  ${String(what).padEnd(26)} stored ${stored}, back ${back}`).join('\n') +
        `\n  backup ${backupSeconds.toFixed(1)} s, restore with the read models rebuilt ${restoreSeconds.toFixed(1)} s` +
        ` (RTO; CLI: ${restored.stdout.trim().split('\n').at(-1)})\n  written after the backup, lost: tag ${afterBackup!}`,
    );

    expect(count(before.tables, 'alert_history')).toBeGreaterThan(0);
    expect(Object.keys(before.files).length).toBeGreaterThan(0);
    expect(after.tables).toEqual(before.tables);
    expect(after.measurements).toEqual(before.measurements);
    expect(after.files).toEqual(before.files);
    expect(readModelsAfter).toEqual(readModelsBefore);
    expect(readModelsAfter.tags!.map(({ id }) => id)).not.toContain(afterBackup!);
    expect(readdirSync(backup)).toContain('manifest.json');
  });

  it("registers the measurements' snapshot repository, whose snapshot brings their indices back", async () => {
    const prefix = `${database.name}-snap`;
    const stores = await openPlatform(
      loadConfig({ ...environment, ELASTICSEARCH_INDEX_PREFIX: prefix, LOG_LEVEL: 'silent' }),
      platformRuns,
    );
    const written = ['2026-10-15T10:00:00Z', '2026-11-15T10:00:00Z'].map((measuredAt) =>
      sampleMeasurement({ measuredAt: new Date(measuredAt).toISOString() }),
    );
    try {
      await stores.measurements.write(written);
    } finally {
      await stores.close();
    }
    const repository = `${prefix}-backups`;
    // The test distribution has no snapshot lifecycle management: the repository is registered, the policy refused.
    const scheduled = await run(
      process.execPath,
      [cli, 'snapshot-schedule', '--repository', repository, '--type', 'fs', '--setting', `location=${prefix}`],
      { env: { ...cliEnvironment, ELASTICSEARCH_INDEX_PREFIX: prefix } },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(scheduled).toMatchObject({ code: 1 });
    expect((scheduled as { stderr: string }).stderr).toContain(
      `snapshot repository '${repository}' registered, but this Elasticsearch has no snapshot lifecycle management`,
    );

    // What the nightly policy does, then the restore of docs/operations.md after the indices are lost.
    const es = (path: string, method = 'GET', body?: unknown) =>
      fetch(`${infra.elasticsearchUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    const snapshot = await es(`/_snapshot/${repository}/nightly?wait_for_completion=true`, 'PUT', {
      indices: `${prefix}-measurements-*`,
      include_global_state: false,
    });
    expect(snapshot.body.snapshot?.state, JSON.stringify(snapshot.body)).toBe('SUCCESS');
    await deleteIndices(prefix);
    const restored = await es(`/_snapshot/${repository}/nightly/_restore?wait_for_completion=true`, 'POST', {
      indices: `${prefix}-measurements-*`,
      include_aliases: true,
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const again = await openPlatform(
      loadConfig({ ...environment, ELASTICSEARCH_INDEX_PREFIX: prefix, LOG_LEVEL: 'silent' }),
      platformRuns,
    );
    try {
      expect((await again.measurements.page('', 10)).map((m) => m.measurementId).sort()).toEqual(
        written.map((m) => m.measurementId).sort(),
      );
    } finally {
      await again.close();
      await deleteIndices(prefix);
      await es(`/_snapshot/${repository}/nightly`, 'DELETE');
      await es(`/_snapshot/${repository}`, 'DELETE');
    }
  });
});
