import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { loadConfig } from '@nq/platform/config/config';
import { openPlatform } from '@nq/platform/platform';
import { waitFor } from '@nq/platform/testing/wait-for';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../api/app.ts';
import { platformRuns } from '../composition/platform-runs.ts';
import { fileRecords } from '../features/files/file-records.ts';
import { startDemoFleet } from './demo-fleet.ts';
import { loadDemoData } from './load-demo.ts';

type LogEntry = {
  level: number;
  msg?: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
};

/** pino's levels: 50 is error, 60 fatal. */
const ERROR = 50;

// What `npm start` does on a fresh store, bar the fleet history (weeks of measurements written without a request, which
// logs only if it fails): the demo configuration and files, the job and ingest workers, the demo fleet registering.
describe('a first start with the demo, as `npm start` loads it', { timeout: 300_000 }, () => {
  const entries: LogEntry[] = [];
  let logged: LogEntry[] = [];
  let retried: string | undefined;

  beforeAll(async () => {
    const consoleDir = mkdtempSync(join(tmpdir(), 'nq-console-'));
    writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
    const config = loadConfig({
      CONSOLE_DIR: consoleDir,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'nq-data-')),
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      PASSWORD_HASH_COST: '12',
      READ_YOUR_WRITES_TIMEOUT_MS: '30000',
      INGEST_UNKNOWN_PROBE_WAIT_MS: '30000',
    });
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line) entries.push(JSON.parse(line) as LogEntry);
        done();
      },
    });
    const platform = await openPlatform(config, platformRuns, { inMemory: true });
    const api = await buildApi({ config, platform, logStream });
    await platform.projector.start();
    const stopWorkers = await platform.startWorkers({ log: api.log });
    let stopJobWorkers = await platform.startJobWorkers({ log: api.log });
    const fleet = new AbortController();
    const files = fileRecords(platform);
    const statusOf = async (fileId: string) => (await files.load(fileId)).record?.status;
    try {
      expect(await loadDemoData(platform)).toBeGreaterThan(0);
      const address = await api.listen({ host: '127.0.0.1', port: 0 });
      startDemoFleet(address, fleet.signal, api.log);
      await waitFor(
        'the demo fleet sending',
        () => entries.some((entry) => entry.msg === 'demo fleet: every probe has its configuration'),
        120_000,
      );
      await waitFor(
        'the demo files made',
        async () =>
          (await statusOf('file-demo-providers')) === 'ready' && (await statusOf('file-demo-report')) === 'error',
        120_000,
      );
      // The job workers stop once their runs have ended: what those runs logged is in.
      await stopJobWorkers();
      logged = [...entries];
      stopJobWorkers = await platform.startJobWorkers({ log: api.log });
      await files.retry('file-demo-report', { userId: 'demo-admin-user', profileId: 'demo-admin' });
      await waitFor('the retried file', async () => (await statusOf('file-demo-report')) !== 'inProgress', 120_000);
      retried = await statusOf('file-demo-report');
    } finally {
      fleet.abort();
      await api.close();
      await stopJobWorkers();
      await stopWorkers();
      await platform.close();
    }
  }, 300_000);

  it('logs no error', () => {
    expect(logged.filter((entry) => entry.level >= ERROR)).toEqual([]);
  });

  it('sends no request the platform refuses', () => {
    const requests = new Map(logged.flatMap((entry) => (entry.req ? [[entry.reqId, entry.req] as const] : [])));
    const answers = logged.flatMap((entry) => {
      const request = requests.get(entry.reqId);
      return entry.res && request ? [`${request.method} ${request.url} ${entry.res.statusCode}`] : [];
    });
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => / 4\d\d$/.test(answer))).toEqual([]);
  });

  it('shows the demo administrator a failed file, which its retry makes', () => {
    expect(retried).toBe('ready');
  });
});
