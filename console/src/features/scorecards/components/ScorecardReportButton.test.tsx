import type { FileRecord } from '@nq/contracts/files/file-record';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import { REPORT_POLL_MS } from '../api/scorecards-api.ts';
import { ScorecardReportButton } from './ScorecardReportButton.tsx';
import { reportFile, scorecardId } from './scorecard-fixtures.ts';

const report = `/scorecards/${scorecardId}/report`;
const asked = reportFile;
const listed = (file: FileRecord) => ({ list: [file], count: 1 });
const selection = { from: '2026-10-01', to: '2026-10-31', asOf: '120:1', compare: 'previous' };

let api: FakeApi;
beforeEach(() => {
  api = fakeApi().post(report, { file: asked }).get('/files-management', listed(asked));
  signIn(api);
});
afterEach(() => vi.restoreAllMocks());

describe('Scorecard report button', () => {
  it('asks for the report of the selection shown in the interface language, says it is being prepared and links to the files', async () => {
    const { user } = await renderScreen(<ScorecardReportButton scorecardId={scorecardId} selection={selection} />, {
      language: 'es',
    });
    await user.click(screen.getByRole('button', { name: 'Informe PDF' }));
    expect(await screen.findByRole('status')).toHaveTextContent('El informe PDF se está preparando');
    expect(screen.getByRole('link', { name: 'Abrir tus archivos' })).toHaveAttribute('href', '/files_management');
    expect(api.sent('POST', report)[0]?.body).toEqual({ ...selection, language: 'es' });
    expect(screen.queryByRole('button', { name: /^Descargar/ })).not.toBeInTheDocument();
  });

  it('offers the file for download once it is ready', async () => {
    let file = asked;
    api.get('/files-management', () => listed(file));
    api.post('/files-management/download', { url: '/files-management/download?token=t', expiresAt: asked.createdAt });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { user } = await renderScreen(<ScorecardReportButton scorecardId={scorecardId} selection={selection} />);
    await user.click(screen.getByRole('button', { name: 'PDF report' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The PDF report is being prepared');

    file = { ...asked, status: 'ready', size: 120_000, endedAt: '2026-11-01T10:00:05.000Z' };
    const download = await screen.findByRole(
      'button',
      { name: `Download ${asked.name}` },
      { timeout: REPORT_POLL_MS + 2_000 },
    );
    expect(screen.getByRole('status')).toHaveTextContent('The PDF report is ready.');
    expect(api.sent('GET', '/files-management').at(-1)?.query.get('service')).toBe('scorecardReport');
    await user.click(download);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/files-management/download?token=t'));
    expect(api.sent('POST', '/files-management/download')[0]?.body).toEqual({ ids: [asked.id] });
  });

  it('says when the report could not be made, and where to retry it', async () => {
    api.get('/files-management', listed({ ...asked, status: 'error', errorCode: 'files.generationFailed' }));
    const { user } = await renderScreen(<ScorecardReportButton scorecardId={scorecardId} selection={selection} />);
    await user.click(screen.getByRole('button', { name: 'PDF report' }));
    expect(await screen.findByText(/The PDF report could not be made/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your files' })).toHaveAttribute('href', '/files_management');
  });
});
