import { existsSync, readdirSync } from 'node:fs';
import { waitFor } from '@nq/platform/testing/wait-for';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';
import { downloadLinks } from './download-link.ts';
import { type FileRecords, fileRecords } from './file-records.ts';
import { testCsvJob, testCsvKind, testCsvRow, testFileGates } from './test-file-job.fixture.ts';

const csvOf = (rows: number) =>
  `n,label\n${Array.from({ length: rows }, (_, index) => testCsvRow(index + 1)).join('')}`;

describe('files management', { timeout: 60_000 }, () => {
  let api: TestApi;
  let records: FileRecords;
  const alice = { userId: 'user-files-alice', profileId: 'files-alice' };
  const bob = { userId: 'user-files-bob', profileId: 'files-bob' };

  beforeAll(async () => {
    api = await openTestApi({}, { jobs: [testCsvJob] });
    records = fileRecords(api.platform);
  });
  afterAll(() => api?.raw.close());

  const request = (payload: { rows: number; fail?: 'always' | 'firstRun'; pauseMidway?: boolean }, owner = alice) =>
    records.request({ service: 'csvExtractor', owner, name: 'extraction.csv', jobKind: testCsvKind, payload });

  async function listOf(owner: typeof alice, query = '') {
    const response = await (await api.as(owner.profileId)).inject(`/files-management${query}`);
    expect(response.statusCode).toBe(200);
    return response.json().list as { id: string; status: string; size?: number; errorCode?: string }[];
  }

  async function untilStatus(owner: typeof alice, id: string, status: string) {
    await waitFor(
      `file ${id} ${status}`,
      async () => (await listOf(owner)).find((file) => file.id === id)?.status === status,
    );
    return (await listOf(owner)).find((file) => file.id === id)!;
  }

  async function linkFor(owner: typeof alice, ids: string[]) {
    return (await api.as(owner.profileId)).inject({
      method: 'POST',
      url: '/files-management/download',
      payload: { ids },
    });
  }

  it('lists each user only their own files, ready with their size once the job has written them', async () => {
    const { file } = await request({ rows: 3 });
    expect(file.status).toBe('inProgress');
    const ready = await untilStatus(alice, file.id, 'ready');
    expect(ready.size).toBe(Buffer.byteLength(csvOf(3)));
    expect((await listOf(bob)).map((listed) => listed.id)).not.toContain(file.id);
  });

  it('serves a user their own files from a screen that makes one (the CSV extractor), not from an unrelated one', async () => {
    const extractor = { userId: 'user-files-extractor', profileId: 'files-extractor' };
    await api.as(extractor.profileId, { layers: [{ id: 'csv_extractor', groups: [] }] });
    const { file } = await request({ rows: 2 }, extractor);
    await untilStatus(extractor, file.id, 'ready');
    expect((await linkFor(extractor, [file.id])).statusCode).toBe(200);
    const outsider = await api.as('files-tags-only', { layers: [{ id: 'tags_management', groups: [] }] });
    const refused = await outsider.inject('/files-management');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('profiles.layerNotGranted');
  });

  it('downloads a ready file through a short-lived link; another user gets 404, an expired link 410', async () => {
    const { file } = await request({ rows: 5 });
    await untilStatus(alice, file.id, 'ready');
    const link = await linkFor(alice, [file.id]);
    expect(link.statusCode).toBe(200);
    const downloaded = await api.raw.inject(link.json().url);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-disposition']).toContain('extraction.csv');
    expect(downloaded.body).toBe(csvOf(5));
    // A browser following the link (it asks for HTML) gets the file too, not the console.
    const navigated = await api.raw.inject({ url: link.json().url, headers: { accept: 'text/html,*/*' } });
    expect(navigated.body).toBe(csvOf(5));

    const refused = await linkFor(bob, [file.id]);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('resource.notFound');

    const links = downloadLinks(api.platform.secretKey);
    const old = links.sign({ ids: [file.id], ...alice }, new Date(Date.now() - links.ttlMs - 1_000));
    const expired = await api.raw.inject(`/files-management/download?token=${old.token}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('files.linkExpired');

    const forged = links.sign({ ids: [file.id], ...bob }).token.replace(/\..*$/, '.forged');
    expect((await api.raw.inject(`/files-management/download?token=${forged}`)).statusCode).toBe(404);
    const bobsLink = links.sign({ ids: [file.id], ...bob });
    expect((await api.raw.inject(`/files-management/download?token=${bobsLink.token}`)).statusCode).toBe(404);
  });

  it('downloads several files as one zip', async () => {
    const first = (await request({ rows: 2 })).file;
    const second = (await request({ rows: 4 })).file;
    await untilStatus(alice, first.id, 'ready');
    await untilStatus(alice, second.id, 'ready');
    const link = await linkFor(alice, [first.id, second.id]);
    const zip = await api.raw.inject(link.json().url);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(entries)).toEqual(['extraction.csv', 'extraction (2).csv']);
    expect(Buffer.from(entries['extraction (2).csv']!).toString()).toBe(csvOf(4));
  });

  it('documents the download as what it sends: a CSV, a PDF or a zip, not JSON', async () => {
    const document = (await api.raw.inject('/api/openapi.json')).json();
    const answer = document.paths['/files-management/download'].get.responses['200'];
    const documented = Object.keys(answer.content);
    expect(documented).toEqual(expect.arrayContaining(['text/csv', 'application/pdf', 'application/zip']));
    expect(documented).not.toContain('application/json');
    expect(answer.content['text/csv'].schema).toMatchObject({ type: 'string', format: 'binary' });
    const one = (await request({ rows: 1 })).file;
    const other = (await request({ rows: 2 })).file;
    await untilStatus(alice, one.id, 'ready');
    await untilStatus(alice, other.id, 'ready');
    for (const ids of [[one.id], [one.id, other.id]]) {
      const downloaded = await api.raw.inject((await linkFor(alice, ids)).json().url);
      expect(downloaded.statusCode).toBe(200);
      expect(documented).toContain(downloaded.headers['content-type']?.toString().split(';')[0]);
    }
  });

  it('never shows a half-written file as ready, nor half of it in the file store', async () => {
    const { file } = await request({ rows: 10, pauseMidway: true });
    await waitFor('the job to pause halfway', () => testFileGates.has(file.id));
    const listed = await untilStatus(alice, file.id, 'inProgress');
    expect(listed.size).toBeUndefined();
    expect(readdirSync(api.config.filesDir).filter((name) => name.startsWith(file.id))).toEqual([]);
    expect((await linkFor(alice, [file.id])).json().code).toBe('files.notReady');
    testFileGates.get(file.id)!();
    await untilStatus(alice, file.id, 'ready');
    expect(readdirSync(api.config.filesDir).filter((name) => name.startsWith(file.id))).toEqual([`${file.id}.csv`]);
  });

  it('retries only errored files, which then run again', async () => {
    const ready = (await request({ rows: 1 })).file;
    await untilStatus(alice, ready.id, 'ready');
    const notErrored = await (await api.as(alice.profileId)).inject({
      method: 'POST',
      url: `/files-management/retry/${ready.id}`,
    });
    expect(notErrored.statusCode).toBe(422);
    expect(notErrored.json().code).toBe('files.notRetryable');

    const { file } = await request({ rows: 2, fail: 'firstRun' });
    const errored = await untilStatus(alice, file.id, 'error');
    expect(errored.errorCode).toBe('files.generationFailed');
    const othersRetry = await (await api.as(bob.profileId)).inject({
      method: 'POST',
      url: `/files-management/retry/${file.id}`,
    });
    expect(othersRetry.statusCode).toBe(404);
    const retried = await (await api.as(alice.profileId)).inject({
      method: 'POST',
      url: `/files-management/retry/${file.id}`,
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'inProgress', attempts: 2 });
    expect((await untilStatus(alice, file.id, 'ready')).size).toBe(Buffer.byteLength(csvOf(2)));
  });

  it('deletes files past the retention period: their content goes, their record shows only with deleted files', async () => {
    const { file } = await request({ rows: 1 }, bob);
    await untilStatus(bob, file.id, 'ready');
    const stored = `${api.config.filesDir}/${file.id}.csv`;
    expect(existsSync(stored)).toBe(true);
    api.config.files.retentionMs = 0;
    await api.platform.jobs.enqueue(
      { ...api.platform.jobs.kinds.find((kind) => kind.name === 'files-retention')! },
      {},
      {
        jobId: 'files-retention-test',
      },
    );
    await waitFor(
      'the retention job',
      async () => (await api.platform.jobs.get('files-retention-test'))?.state === 'completed',
    );
    expect(existsSync(stored)).toBe(false);
    expect((await listOf(bob)).map((listed) => listed.id)).not.toContain(file.id);
    const shown = (await listOf(bob, '?showDeleted=true')).find((listed) => listed.id === file.id);
    expect(shown).toMatchObject({ status: 'ready', deletedAt: expect.any(String) });
    expect((await linkFor(bob, [file.id])).json().code).toBe('files.deleted');
  });

  it('lists the measurements its files were made for', async () => {
    await records.request({
      service: 'measurementReport',
      owner: alice,
      name: 'report.csv',
      jobKind: testCsvKind,
      payload: { rows: 1 },
      measurementId: 'measurement-42',
    });
    const response = await (await api.as(alice.profileId)).inject('/files-management/measurement-ids');
    expect(response.json().list).toContain('measurement-42');
  });
});
