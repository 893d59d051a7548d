import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BackupRefused,
  backUp,
  backupStoresOf,
  datedBackupFolder,
  pruneBackups,
  restore,
} from '@nq/platform/backup/backup';
import { loadConfig } from '@nq/platform/config/config';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { openPlatform, type Platform } from '@nq/platform/platform';
import { readAll } from '@nq/platform/read-store/read-all';
import { migrate } from '@nq/platform/sql/migrations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureSchemas, platformRuns, readModels } from './composition/platform-runs.ts';
import { loadDemoData } from './demo/load-demo.ts';
import { openIdentityStore } from './features/identity/index.ts';

const folder = () => join(mkdtempSync(join(tmpdir(), 'nq-backups-')), 'backup');

/** An empty embedded platform in memory, its files in a folder of its own. */
const emptyPlatform = (env: Record<string, string> = {}) =>
  openPlatform(
    loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'nq-restored-')), LOG_LEVEL: 'silent', ...env }),
    platformRuns,
    {
      inMemory: true,
    },
  );

/** Every backed-up table's rows, as a backup reads them (without the columns local to a database). */
async function tables(platform: Platform) {
  const stores = backupStoresOf(platform);
  const rows: Record<string, unknown[]> = {};
  for (const table of stores.schemas.flatMap((schema) => schema.backedUp ?? [])) {
    const without = (table.local ?? []).map((column) => ` - '${column}'`).join('');
    const found = await platform.sql.query<{ row: unknown }>(
      `select to_jsonb(t)${without} as row from ${table.name} t order by ${table.key.join(', ')}`,
    );
    rows[table.name] = found.map(({ row }) => row);
  }
  return rows;
}

async function everyMeasurement(platform: Platform) {
  const all = [];
  for (let page = await platform.measurements.page('', 500); page.length > 0; ) {
    all.push(...page);
    page = await platform.measurements.page(page.at(-1)!.measurementId, 500);
  }
  return all;
}

async function readModelDocuments(platform: Platform) {
  const documents: Record<string, unknown[]> = {};
  for (const { collection } of readModels)
    documents[collection] = (await readAll(platform.readStore, collection)).sort((a, b) =>
      String(a.id).localeCompare(String(b.id)),
    );
  return documents;
}

/**
 * `nq backup` and `nq restore` on the embedded profile: a platform with the demo configuration, users with passwords
 * and credentials, an alert history entry, measurements and a generated file is backed up, restored into an empty one
 * whose read models are rebuilt from the restored log, and every table, read model, measurement and file is back.
 * The drill on the real servers, through the CLI, is tests/infra/backup-restore.int.test.ts.
 */
describe('backup and restore (embedded)', { timeout: 120_000 }, () => {
  // No worker runs beside it (mail, jobs): what it holds stays as the backup found it, for the comparisons.
  let source: Platform;
  let backup: string;
  const measurements = Array.from({ length: 30 }, (_, index) =>
    sampleMeasurement({
      probeId: 'probe001',
      measuredAt: new Date(Date.UTC(2026, 9 + (index % 3), 1 + index)).toISOString(),
    }),
  );

  beforeAll(async () => {
    source = await emptyPlatform();
    for (const schema of featureSchemas) await migrate(source.sql, schema);
    await loadDemoData(source);
    await (await openIdentityStore(source.sql)).setPasswordHash('user-demo-admin', 'scrypt$hash', new Date());
    await source.measurements.write(measurements);
    const file = source.files.write('extraction-1.csv');
    file.stream.end('probeId,download\nprobe001,87.5\n');
    await file.commit();
    await source.sql.query(
      `insert into alert_history (id, alert_id, owner, alert_name, alert_type, group_kind, group_id, state,
         window_start, window_end, measurements, matching, recorded_at)
       values ('entry-1', 'alert-1', 'test-admin', 'Slow downloads', 'threshold', 'probe', 'probe001', 'alarm',
         '2026-11-20T10:00:00Z', '2026-11-20T11:00:00Z', 12, 9, '2026-11-20T11:00:05Z')`,
    );
    await source.projector.catchUp();
    backup = folder();
    await backUp(backupStoresOf(source), backup);
  });
  afterAll(() => source?.close());

  it('gives back every table, read model, measurement and file in an empty platform', async () => {
    const target = await emptyPlatform();
    try {
      const { manifest } = await restore(backupStoresOf(target), backup);
      for (const { name } of readModels) await target.projector.rebuild(name);

      expect(manifest.measurements?.rows).toBeGreaterThanOrEqual(measurements.length);
      expect(manifest.tables.iam_passwords?.rows).toBeGreaterThan(0);
      expect(await tables(target)).toEqual(await tables(source));
      expect(await readModelDocuments(target)).toEqual(await readModelDocuments(source));
      expect(await everyMeasurement(target)).toEqual(await everyMeasurement(source));
      expect(await target.files.list()).toEqual(['extraction-1.csv']);
      expect(readFileSync(join(target.config.filesDir, 'extraction-1.csv'), 'utf8')).toBe(
        'probeId,download\nprobe001,87.5\n',
      );
      // The same restore again (as after one that stopped past the tables) goes on.
      await restore(backupStoresOf(target), backup);
      expect(await tables(target)).toEqual(await tables(source));

      // New events follow the restored ones in the log.
      const head = await target.eventStore.head();
      const appended = await target.eventStore.append({
        streamId: `tag-${randomUUID()}`,
        expectedVersion: 0,
        events: [{ type: 'TagCreated', schemaVersion: 1, data: { name: 'After the restore' } }],
        metadata: {
          actor: { userId: 'u', profileId: 'p' },
          commandId: randomUUID(),
          correlationId: 'c',
          causationId: 'c',
        },
      });
      expect((await target.eventStore.readAll(head, 10)).map((event) => event.eventId)).toEqual([
        appended.events[0]!.eventId,
      ]);

      // Into a store holding other events too, refused.
      const refused = await restore(backupStoresOf(target), backup).catch((error) => error);
      expect(refused).toBeInstanceOf(BackupRefused);
      expect(refused.message).toMatch(/a restore needs an empty event store: this one holds \d+ events/);
    } finally {
      await target.close();
    }
  });

  it('keeps the backup to its owner and refuses to write one over a folder there already', async () => {
    expect(statSync(join(backup, 'tables', 'iam_passwords.ndjson')).mode & 0o077).toBe(0);
    const refused = await backUp(backupStoresOf(source), backup).catch((error) => error);
    expect(refused).toBeInstanceOf(BackupRefused);
    expect(refused.message).toContain('exists already');
  });

  it('restores nothing from a damaged backup, nor with other key material than the one that sealed its secrets', async () => {
    const damaged = folder();
    cpSync(backup, damaged, { recursive: true });
    const path = join(damaged, 'measurements.ndjson');
    writeFileSync(path, readFileSync(path, 'utf8').replace('probe001', 'probe002'));
    const target = await emptyPlatform();
    try {
      await expect(restore(backupStoresOf(target), damaged)).rejects.toThrow(
        'the backup is damaged: measurements.ndjson does not match its checksum',
      );
      await expect(restore(backupStoresOf(target), join(damaged, 'tables'))).rejects.toThrow(
        'is no backup: it has no manifest.json',
      );
      expect(await target.measurements.count()).toBe(0);
    } finally {
      await target.close();
    }
    // The source's key was generated (it is in the backup): a target configured with its own refuses it.
    const configured = await emptyPlatform({ SECRET_KEY: 'a-configured-secret-key-of-enough-length-0123456789' });
    try {
      await expect(restore(backupStoresOf(configured), backup)).rejects.toThrow(/unset SECRET_KEY/);
    } finally {
      await configured.close();
    }
  });

  it('leaves the measurements out when told, restoring the rest, and keeps the newest dated backups', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nq-dated-'));
    const folders = ['2026-12-01T02:00:00Z', '2026-12-02T02:00:00Z', '2026-12-03T02:00:00Z'].map((at) =>
      datedBackupFolder(dir, new Date(at)),
    );
    expect(folders[0]).toBe(join(dir, 'nq-20261201T020000Z'));
    for (const dated of folders.slice(0, 2)) cpSync(backup, dated, { recursive: true });
    await backUp(backupStoresOf(source), folders[2]!, { measurements: false });
    // Not a backup of its: a folder of another name, and one without a manifest (a backup that never completed).
    mkdirSync(join(dir, 'keep-me'));
    mkdirSync(join(dir, 'nq-20261130T020000Z'));
    expect(await pruneBackups(dir, 2)).toEqual(['nq-20261201T020000Z']);
    expect(readdirSync(dir).sort()).toEqual([
      'keep-me',
      'nq-20261130T020000Z',
      'nq-20261202T020000Z',
      'nq-20261203T020000Z',
    ]);

    const target = await emptyPlatform();
    try {
      const { manifest } = await restore(backupStoresOf(target), folders[2]!);
      expect(manifest.measurements).toBeNull();
      expect(await target.measurements.count()).toBe(0);
      expect((await tables(target)).es_events).toEqual((await tables(source)).es_events);
    } finally {
      await target.close();
    }
  });
});
