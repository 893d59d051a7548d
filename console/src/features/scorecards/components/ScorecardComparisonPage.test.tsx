import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, type FakeApi, fakeApi, type SentRequest } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import ScorecardComparisonPage from './ScorecardComparisonPage.tsx';
import {
  calculationOf,
  movistar,
  october,
  orange,
  reportFile,
  scorecardId,
  scoresIn,
  september,
  withProviders,
} from './scorecard-fixtures.ts';

const calculations = `/scorecards/${scorecardId}/calculations`;
const at = (search = '') => ({
  path: '/scorecard_comparison/:id',
  at: `/scorecard_comparison/${scorecardId}${search}`,
});

/** September to October: Movistar's latency falls from 80 to 60 ms (better), Orange's download from 30 to 20 Mbps. */
const windows = calculationOf(scoresIn(october, [40, 60], [20, 20]), {
  comparison: scoresIn(september, [40, 80], [30, 20]),
});

/** Version 1 weighed the same KPIs; version 2 scored Orange's download lower (another MOS): answers by asOf. */
const byVersion = (request: SentRequest) =>
  request.query.get('asOf') === '100:1'
    ? calculationOf(scoresIn(october, [40, 60], [30, 20]), { version: 1, position: '100:1' })
    : calculationOf(scoresIn(october, [40, 60], [20, 20]), { version: 2, position: '120:1' });

const row = (entity: string, kpi?: string) =>
  screen
    .getByTestId('comparison-table')
    .querySelector<HTMLElement>(
      kpi ? `tr[data-entity="${entity}"][data-kpi="${kpi}"]` : `tr[data-entity="${entity}"][data-row="total"]`,
    )!;

let api: FakeApi;
beforeEach(() => {
  api = withProviders(fakeApi()).get(calculations, windows);
  signIn(api);
});

describe('Scorecard comparison', () => {
  it('puts the previous window beside the live one, with the differences better or worse in each KPI’s direction', async () => {
    await renderScreen(<ScorecardComparisonPage />, at());
    expect(await screen.findByTestId('baseline-side')).toHaveTextContent('Comparison window');
    expect(screen.getByTestId('baseline-side')).toHaveTextContent('Aug 31, 2026 – Sep 30, 2026');
    expect(screen.getByTestId('current-side')).toHaveTextContent('Oct 1, 2026 – Oct 31, 2026');
    expect(api.sent('GET', calculations)[0]?.query.get('compare')).toBe('previous');

    // Movistar's latency fell 20 ms: lower is better, so its value and its score went up the right way.
    const latency = within(row(movistar, 'latency'));
    expect(latency.getByTestId('value-difference')).toHaveTextContent('-20 ms');
    expect(latency.getByTestId('value-difference').firstElementChild).toHaveAttribute('data-trend', 'better');
    expect(latency.getByTestId('score-difference').firstElementChild).toHaveAttribute('data-trend', 'better');
    // Orange's download fell 10 Mbps: worse.
    const download = within(row(orange, 'download'));
    expect(download.getByTestId('value-difference')).toHaveTextContent('-10 Mbps (worse)');
    expect(within(row(orange)).getByTestId('score-difference')).toHaveTextContent('-1.5');
  });

  it('asks for the comparison window chosen and keeps both windows in the address', async () => {
    const { user, router } = await renderScreen(<ScorecardComparisonPage />, at('?from=2026-10-01&to=2026-10-31'));
    await screen.findByTestId('comparison-table');
    const comparison = screen.getByRole('form', { name: 'Comparison window' });
    // The fields start from the days the answer used; the live window's come first.
    expect(screen.getAllByLabelText('From').map((field) => (field as HTMLInputElement).value)).toEqual([
      '2026-10-01',
      '2026-08-31',
    ]);
    const [, from] = screen.getAllByLabelText('From');
    const [, to] = screen.getAllByLabelText('To');
    await user.clear(from!);
    await user.type(from!, '2026-06-01');
    await user.clear(to!);
    await user.type(to!, '2026-06-30');
    await user.click(within(comparison).getByRole('button', { name: 'Apply' }));
    expect(router.state.location.search).toBe(
      '?from=2026-10-01&to=2026-10-31&compareFrom=2026-06-01&compareTo=2026-06-30',
    );
    await vi.waitFor(() =>
      expect(api.sent('GET', calculations).at(-1)?.query.get('compare')).toBe('2026-06-01/2026-06-30'),
    );
  });

  it('compares two configuration versions over one window, the earlier one first by default', async () => {
    api.get(calculations, byVersion).get(`/scorecards/${scorecardId}/versions`, {
      scorecardId,
      versions: [
        { version: 2, position: '120:1', recordedAt: '2026-10-20T09:00:00.000Z', changedFields: ['mosEntries'] },
        { version: 1, position: '100:1', recordedAt: '2026-09-01T09:00:00.000Z', changedFields: ['kpis', 'name'] },
      ],
    });
    const { user, router } = await renderScreen(<ScorecardComparisonPage />, at());
    await user.click(await screen.findByRole('radio', { name: 'Two configuration versions' }));
    expect(router.state.location.search).toBe('?mode=versions');
    expect(await screen.findByTestId('baseline-side')).toHaveTextContent('Version 1');
    expect(screen.getByTestId('current-side')).toHaveTextContent('Version 2');
    expect(screen.getByRole('combobox', { name: 'Earlier version' })).toHaveDisplayValue(
      /^Version 1 · .* · changed KPIs, Name$/,
    );
    expect(api.sent('GET', calculations).map((request) => request.query.get('asOf'))).toEqual(
      expect.arrayContaining(['100:1', '120:1']),
    );
    expect(within(row(orange, 'download')).getByTestId('score-difference')).toHaveTextContent('-2.5 (worse)');
  });

  it('shows one version on both sides when the same one is chosen twice', async () => {
    api.get(calculations, byVersion).get(`/scorecards/${scorecardId}/versions`, {
      scorecardId,
      versions: [{ version: 1, position: '100:1', recordedAt: '2026-09-01T09:00:00.000Z', changedFields: ['name'] }],
    });
    await renderScreen(<ScorecardComparisonPage />, at('?mode=versions&versionA=100:1&versionB=100:1'));
    expect(await screen.findByTestId('baseline-side')).toHaveTextContent('Version 1');
    expect(screen.getByTestId('current-side')).toHaveTextContent('Version 1');
  });

  it('asks for the PDF report of both windows shown, or of the current version, and points to the files', async () => {
    const report = `/scorecards/${scorecardId}/report`;
    api.post(report, { file: reportFile }).get('/files-management', { list: [], count: 0 });
    const { user } = await renderScreen(
      <ScorecardComparisonPage />,
      at('?from=2026-10-01&to=2026-10-31&compareFrom=2026-06-01&compareTo=2026-06-30'),
    );
    await screen.findByTestId('comparison-table');
    await user.click(screen.getByRole('button', { name: 'PDF report' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The PDF report is being prepared');
    expect(screen.getByRole('link', { name: 'Open your files' })).toHaveAttribute('href', '/files_management');
    expect(api.sent('POST', report)[0]?.body).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      compare: '2026-06-01/2026-06-30',
      language: 'en',
    });

    api.get(calculations, byVersion).get(`/scorecards/${scorecardId}/versions`, {
      scorecardId,
      versions: [
        { version: 2, position: '120:1', recordedAt: '2026-10-20T09:00:00.000Z', changedFields: ['mosEntries'] },
        { version: 1, position: '100:1', recordedAt: '2026-09-01T09:00:00.000Z', changedFields: ['kpis'] },
      ],
    });
    await user.click(screen.getByRole('radio', { name: 'Two configuration versions' }));
    expect(await screen.findByTestId('current-side')).toHaveTextContent('Version 2');
    await user.click(screen.getByRole('button', { name: 'PDF report' }));
    await vi.waitFor(() =>
      expect(api.sent('POST', report)[1]?.body).toEqual({
        from: '2026-10-01',
        to: '2026-10-31',
        asOf: '120:1',
        language: 'en',
      }),
    );
  });

  it("shows the catalogue's message in place when a window is outside the profile's dates", async () => {
    api.get(calculations, answer(422, { code: 'scorecards.outOfProfileDateLimits' }));
    await renderScreen(<ScorecardComparisonPage />, {
      ...at('?compareFrom=2020-01-01&compareTo=2020-01-31'),
      language: 'es',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'La solicitud está fuera de los límites de fechas de tu perfil.',
    );
    expect(screen.queryByTestId('comparison-table')).not.toBeInTheDocument();
  });
});
