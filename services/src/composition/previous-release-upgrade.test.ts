import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@nq/platform/config/config';
import { openPlatform } from '@nq/platform/platform';
import { openPgliteClient } from '@nq/platform/sql/pglite-client';
import { describe, expect, it } from 'vitest';
import { buildApi } from '../api/app.ts';
import { platformRuns } from './platform-runs.ts';
import { previousReleaseSchema } from './previous-release-schema.fixture.ts';

describe('a database made by the previous release', () => {
  it('is brought up to date at start, keeping what it holds, and records every step', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'nq-upgrade-'));
    const consoleDir = mkdtempSync(join(tmpdir(), 'nq-console-'));
    writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
    const old = await openPgliteClient(join(dataDir, 'pglite'));
    await old.exec(previousReleaseSchema);
    await old.query(
      `insert into launches (id, probe_id, task, state, requested_by, created_at, updated_at)
       values ('l1', 'probe001', '{"type":"ping"}', 'Pending', 'u1', '2026-11-01T10:00:00Z', '2026-11-01T10:00:05Z')`,
    );
    await old.query(
      `insert into measurements (measurement_id, probe_id, measured_at, received_at, program, test_type, technology,
        isp, task_mode, status, hour, weekday, fringe, campaigns, clusters, universes, tags, kpis, doc)
       values ('m1', 'probe001', now(), now(), 'p', 'ping', 4, 'Movistar', 'active', 'Finished', 10, 3, 0,
        '{}', '{}', '{}', '{}', '{}', '{}')`,
    );
    await old.close();

    const config = loadConfig({ DATA_DIR: dataDir, CONSOLE_DIR: consoleDir, LOG_LEVEL: 'silent', DEMO_DATA: 'false' });
    const platform = await openPlatform(config, platformRuns);
    const api = await buildApi({ config, platform, logger: false });
    try {
      await api.ready();
      const steps = await platform.sql.query<{ module: string; id: string }>(
        'select module, id from schema_migrations order by module, id',
      );
      expect(steps).toEqual(
        expect.arrayContaining([
          { module: 'event-store', id: '1-tables' },
          { module: 'event-store', id: '2-recorded-at' },
          { module: 'identity', id: '1-tables' },
          { module: 'launches', id: '1-tables' },
          { module: 'launches', id: '2-deadline-and-result' },
          { module: 'measurements', id: '1-tables' },
          { module: 'measurements', id: '2-isp-id' },
          { module: 'read-models', id: '1-tables' },
        ]),
      );
      const [launch] = await platform.sql.query<{ state: string; deadline: Date; updated_at: Date }>(
        "select state, deadline, updated_at from launches where id = 'l1'",
      );
      expect(launch).toMatchObject({ state: 'Pending' });
      expect(new Date(launch!.deadline).toISOString()).toBe('2026-11-01T10:00:05.000Z');
      const [measurement] = await platform.sql.query<{ isp: string; isp_id: string | null; source: string }>(
        "select isp, isp_id, source from measurements where measurement_id = 'm1'",
      );
      // Stored before measurements carried their source: the panel's, as filters and breakdowns count it.
      expect(measurement).toEqual({ isp: 'Movistar', isp_id: null, source: 'panel' });
    } finally {
      await api.close();
      await platform.close();
    }
  });
});
