import { translate } from '@nq/contracts/errors/index';
import type { FileRecord } from '@nq/contracts/files/file-record';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import { Shell } from './Shell.tsx';
import { WATCH_WHILE_IN_PROGRESS_MS } from './useRecentFiles.ts';

const running: FileRecord = {
  id: 'file-running-01',
  service: 'csvExtractor',
  name: 'extraction.csv',
  status: 'inProgress',
  createdAt: '2026-03-01T10:00:00.000Z',
  attempts: 1,
};
const earlier: FileRecord = {
  id: 'file-earlier-01',
  service: 'scorecardReport',
  name: 'scorecard.pdf',
  status: 'ready',
  size: 10,
  createdAt: '2026-03-01T09:00:00.000Z',
  endedAt: '2026-03-01T09:01:00.000Z',
  attempts: 1,
};
const readied = (file: FileRecord): FileRecord => ({ ...file, status: 'ready', size: 10, endedAt: file.createdAt });

let api: FakeApi;
let files: FileRecord[];
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  files = [running, earlier];
  api = fakeApi().get('/files-management', () => ({ list: files, count: files.length }));
  signIn(api, testProfile({ layers: [{ id: 'files_management' }, { id: 'evolution' }] }));
});
afterEach(() => vi.useRealTimers());

const renderShell = (language: 'en' | 'es' = 'en') =>
  renderScreen(<Shell />, { path: '/evolution', language, routes: [{ path: '/files_management', element: null }] });
const nextLook = () => act(() => vi.advanceTimersByTimeAsync(WATCH_WHILE_IN_PROGRESS_MS));
const notices = () => screen.queryByRole('region', { name: 'Your files' });

describe('the shell telling the user about their files', () => {
  it('counts the files in progress on the files entry, and says once when one is ready, with its download', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    api.post('/files-management/download', {
      url: '/files-management/download?token=t',
      expiresAt: '2026-03-01T10:05:00.000Z',
    });
    const { user } = await renderShell();
    const entry = await screen.findByRole('link', { name: /^Files/ });
    await waitFor(() => expect(entry).toHaveTextContent('1'));
    expect(entry).toHaveAccessibleName(/1 file in progress/);
    expect(notices()).toBeNull(); // a file ready before the shell looked is not news

    files = [readied(running), earlier];
    await nextLook();
    const notice = await within(await screen.findByRole('region', { name: 'Your files' })).findByRole('status');
    expect(notice).toHaveTextContent('Your file extraction.csv is ready.');
    expect(entry).not.toHaveAccessibleName(/in progress/);

    await nextLook();
    expect(screen.getAllByText('Your file extraction.csv is ready.')).toHaveLength(1);

    await user.click(within(notice).getByRole('button', { name: 'Download extraction.csv' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/files-management/download?token=t'));
    expect(api.sent('POST', '/files-management/download')[0]?.body).toEqual({ ids: [running.id] });
    await waitFor(() => expect(notices()).toBeNull());
    assign.mockRestore();
  });

  it('says in Spanish that a file failed, why, and where to retry it', async () => {
    await renderShell('es');
    await screen.findByRole('link', { name: /archivo en curso/ });
    files = [{ ...running, status: 'error', errorCode: 'files.generationTimedOut' }, earlier];
    await nextLook();
    const notice = await within(await screen.findByRole('region', { name: 'Tus archivos' })).findByRole('status');
    expect(notice).toHaveTextContent('No se ha podido generar tu archivo extraction.csv.');
    expect(notice).toHaveTextContent(translate('files.generationTimedOut', 'es'));
    expect(within(notice).getByRole('link', { name: 'Ir a tus archivos' })).toHaveAttribute(
      'href',
      '/files_management',
    );
  });

  it('does not look at files for a profile without the files screen', async () => {
    signIn(api, testProfile({ layers: [{ id: 'evolution' }] }));
    await renderShell();
    await screen.findByRole('link', { name: 'Evolution' });
    await nextLook();
    expect(api.sent('GET', '/files-management')).toHaveLength(0);
  });
});
