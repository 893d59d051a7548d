import { translate } from '@nq/contracts/errors/index';
import type { FileRecord } from '@nq/contracts/files/file-record';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import FilesPage from './FilesPage.tsx';

const ready: FileRecord = {
  id: 'file-ready-0001',
  service: 'csvExtractor',
  name: 'extraction.csv',
  status: 'ready',
  size: 2_560,
  createdAt: '2026-03-01T10:00:00.000Z',
  endedAt: '2026-03-01T10:01:00.000Z',
  attempts: 1,
};
const errored: FileRecord = {
  id: 'file-error-0001',
  service: 'measurementReport',
  name: 'report.csv',
  status: 'error',
  errorCode: 'files.generationFailed',
  createdAt: '2026-03-01T09:00:00.000Z',
  endedAt: '2026-03-01T09:00:05.000Z',
  measurementId: 'measurement-7',
  attempts: 1,
};
const running: FileRecord = {
  id: 'file-running-01',
  service: 'csvScorecard',
  name: 'scores.csv',
  status: 'inProgress',
  progress: { percent: 40, rows: 400 },
  createdAt: '2026-03-01T11:00:00.000Z',
  attempts: 1,
};
const deleted: FileRecord = { ...ready, id: 'file-deleted-01', name: 'old.csv', deletedAt: '2026-03-31T00:00:00.000Z' };

const path = '/files_management';
const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

let api: FakeApi;
let files: FileRecord[];
beforeEach(() => {
  files = [ready, errored];
  api = fakeApi().get('/files-management', (request: { query: URLSearchParams }) => {
    const list = files.filter((file) => request.query.get('showDeleted') === 'true' || !file.deletedAt);
    return { list, count: list.length };
  });
  signIn(api);
});
afterEach(() => vi.useRealTimers());

describe('Files management', () => {
  it('lists the files with their service, status, size, dates and measurement', async () => {
    await renderScreen(<FilesPage />, { path });
    await screen.findByText('extraction.csv');
    const row = within(rowOf('extraction.csv'));
    expect(row.getByText('CSV extractor')).toBeInTheDocument();
    expect(row.getByText('Ready')).toBeInTheDocument();
    expect(row.getByText('2.5 KB')).toBeInTheDocument();
    const report = within(rowOf('report.csv'));
    expect(report.getByText('Error')).toBeInTheDocument();
    expect(report.getByText(translate('files.generationFailed', 'en'))).toBeInTheDocument();
    expect(report.getByText('measurement-7')).toBeInTheDocument();
    expect(report.queryByRole('button', { name: 'Download report.csv' })).not.toBeInTheDocument();
  });

  it('names what a pinned file reproduces, and what its owner should know of its content, in both languages', async () => {
    files = [
      {
        ...ready,
        reproduce: { asOf: '412:3', receivedUntil: '2026-03-01T10:00:00.000Z' },
        warnings: [{ code: 'graphics.reproducedWithNarrowerAccess' }],
      },
    ];
    await renderScreen(<FilesPage />, { path });
    await screen.findByText('extraction.csv');
    const row = within(rowOf('extraction.csv'));
    expect(row.getByTestId('file-reproduction')).toHaveTextContent(
      /^Data received until .*2026.*, configuration position 412:3$/,
    );
    expect(row.getByRole('note')).toHaveTextContent(translate('graphics.reproducedWithNarrowerAccess', 'en'));
  });

  it('names what a pinned file reproduces in Spanish, and nothing for a file without a pin', async () => {
    files = [{ ...ready, reproduce: { asOf: '412:3', receivedUntil: '2026-03-01T10:00:00.000Z' } }, errored];
    await renderScreen(<FilesPage />, { path, language: 'es' });
    await screen.findByText('extraction.csv');
    expect(within(rowOf('extraction.csv')).getByTestId('file-reproduction')).toHaveTextContent(
      /^Datos recibidos hasta .*2026.*, posición de la configuración 412:3$/,
    );
    expect(within(rowOf('report.csv')).queryByTestId('file-reproduction')).toBeNull();
  });

  it('retries an errored file and shows it in progress', async () => {
    api.post(`/files-management/retry/${errored.id}`, () => {
      files = [ready, { ...errored, status: 'inProgress', attempts: 2, errorCode: undefined } as FileRecord];
      return files[1];
    });
    const { user } = await renderScreen(<FilesPage />, { path });
    await user.click(await screen.findByRole('button', { name: 'Retry report.csv' }));
    await expect.poll(() => api.sent('POST', `/files-management/retry/${errored.id}`)).toHaveLength(1);
    expect(await within(rowOf('report.csv')).findByText('In progress')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry report.csv' })).not.toBeInTheDocument();
  });

  it('says in place why a retry was refused', async () => {
    api.post(`/files-management/retry/${errored.id}`, answer(422, { code: 'files.notRetryable' }));
    const { user } = await renderScreen(<FilesPage />, { path });
    await user.click(await screen.findByRole('button', { name: 'Retry report.csv' }));
    expect(await screen.findByText(translate('files.notRetryable', 'en'))).toBeInTheDocument();
  });

  it('asks for a download link and goes to it', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    api.post('/files-management/download', {
      url: '/files-management/download?token=abc',
      expiresAt: '2026-03-01T10:05:00.000Z',
    });
    const { user } = await renderScreen(<FilesPage />, { path });
    await user.click(await screen.findByRole('button', { name: 'Download extraction.csv' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/files-management/download?token=abc'));
    expect(api.sent('POST', '/files-management/download')[0]?.body).toEqual({ ids: [ready.id] });
    assign.mockRestore();
  });

  it('downloads once the file an e-mail links to (?download=…) and drops it from the address', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    api.post('/files-management/download', {
      url: '/files-management/download?token=mailed',
      expiresAt: '2026-03-01T10:05:00.000Z',
    });
    const { router } = await renderScreen(<FilesPage />, { path, at: `${path}?download=${ready.id}` });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/files-management/download?token=mailed'));
    expect(api.sent('POST', '/files-management/download').map((sent) => sent.body)).toEqual([{ ids: [ready.id] }]);
    expect(router.state.location.search).toBe('');
    await screen.findByText('extraction.csv');
    expect(assign).toHaveBeenCalledTimes(1);
    assign.mockRestore();
  });

  it('says why a mailed file cannot be downloaded any more', async () => {
    api.post('/files-management/download', answer(410, { code: 'files.deleted', params: { name: 'old.csv' } }));
    await renderScreen(<FilesPage />, { path, at: `${path}?download=${deleted.id}` });
    expect(await screen.findByText(translate('files.deleted', 'en', { name: 'old.csv' }))).toBeInTheDocument();
  });

  it('shows deleted files only when asked, and keeps the choice in the address', async () => {
    files = [ready, deleted];
    const { user, router } = await renderScreen(<FilesPage />, { path });
    await screen.findByText('extraction.csv');
    expect(screen.queryByText('old.csv')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Show deleted files' }));
    expect(await screen.findByText('old.csv')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?showDeleted=true');
    expect(within(rowOf('old.csv')).queryByRole('button', { name: 'Download old.csv' })).not.toBeInTheDocument();
  });

  it('ticks the box at once, while the console still checks the route', async () => {
    let release = () => {};
    const held = () => new Promise<null>((resolve) => (release = () => resolve(null)));
    await renderScreen(<FilesPage />, { path, loader: held });
    release();
    await screen.findByText('extraction.csv');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show deleted files' }));
    expect(screen.getByRole('checkbox', { name: 'Show deleted files' })).toBeChecked();
    release();
  });

  it('opens with deleted files shown from the address', async () => {
    files = [ready, deleted];
    await renderScreen(<FilesPage />, { path, at: `${path}?showDeleted=true` });
    expect(await screen.findByText('old.csv')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Show deleted files' })).toBeChecked();
  });

  it('shows the progress of a file in progress and refreshes until it is ready', async () => {
    files = [running];
    await renderScreen(<FilesPage />, { path });
    const bar = await screen.findByRole('progressbar', { name: 'Progress of scores.csv' });
    expect(bar).toHaveAttribute('value', '40');
    expect(screen.getByText('400 rows written')).toBeInTheDocument();
    files = [{ ...running, status: 'ready', size: 10, progress: undefined } as FileRecord];
    expect(await within(rowOf('scores.csv')).findByText('Ready', {}, { timeout: 4_000 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says in Spanish when there are no files, and the catalogue message when they cannot be loaded', async () => {
    files = [];
    await renderScreen(<FilesPage />, { path, language: 'es' });
    expect(await screen.findByText(/Todavía no tienes archivos/)).toBeInTheDocument();
    api.get('/files-management', answer(500, { code: 'internal.error' }));
    await renderScreen(<FilesPage />, { path, language: 'es' });
    expect(await screen.findByText(translate('files.fetchFailed', 'es'))).toBeInTheDocument();
  });
});
