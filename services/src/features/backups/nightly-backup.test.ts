import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readBackup } from '@nq/platform/backup/backup';
import type { Platform } from '@nq/platform/platform';
import { waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';
import { nightlyBackupId, nightlyBackupSchedule } from './nightly-backup.ts';

describe('nightly backups unset', () => {
  it('schedules nothing', async () => {
    const enqueue = vi.fn();
    const platform = { config: {}, jobs: { enqueue } } as unknown as Platform;
    const started = await nightlyBackupSchedule.start(platform, {});
    expect(enqueue).not.toHaveBeenCalled();
    await (started as { stop(): Promise<void> }).stop();
  });
});

describe('nightly backups (BACKUP_DIR)', { timeout: 60_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'nq-nightly-'));
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi({ BACKUP_DIR: dir, BACKUP_KEEP: '3', BACKUP_MEASUREMENTS: 'false' }, { demoData: true });
  });
  afterAll(() => api?.raw.close());

  it('backs the platform up once a day into a dated folder of BACKUP_DIR, as configured', async () => {
    const today = nightlyBackupId(new Date());
    await waitFor('the day’s backup', async () => (await api.platform.jobs.get(today))?.state === 'completed');
    const { result } = (await api.platform.jobs.get(today))!;
    const [folder] = readdirSync(dir);
    expect(folder).toMatch(/^nq-\d{8}T\d{6}Z$/);
    expect(result).toMatchObject({ folder: join(dir, folder!), measurements: null, deleted: [] });
    const manifest = await readBackup(join(dir, folder!));
    expect(manifest.measurements).toBeNull();
    expect(manifest.tables.es_events!.rows).toBeGreaterThan(10);
  });
});
