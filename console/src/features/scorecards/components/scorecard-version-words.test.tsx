import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi, type SentRequest } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import ScorecardComparisonPage from './ScorecardComparisonPage.tsx';
import { calculationOf, october, scorecardId, scoresIn, withProviders } from './scorecard-fixtures.ts';

const calculations = `/scorecards/${scorecardId}/calculations`;
const byVersion = (request: SentRequest) =>
  request.query.get('asOf') === '1044:19'
    ? calculationOf(scoresIn(october, [40, 60], [30, 20]), { version: 1, position: '1044:19' })
    : calculationOf(scoresIn(october, [40, 60], [20, 20]), { version: 2, position: '1187:3' });

let api: FakeApi;
beforeEach(() => {
  api = withProviders(fakeApi())
    .get(calculations, byVersion)
    .get(`/scorecards/${scorecardId}/versions`, {
      scorecardId,
      versions: [
        { version: 2, position: '1187:3', recordedAt: '2026-10-20T09:00:00.000Z', changedFields: ['mosEntries'] },
        { version: 1, position: '1044:19', recordedAt: '2026-09-01T09:00:00.000Z', changedFields: ['name', 'kpis'] },
      ],
    });
  signIn(api);
});

const at = { path: '/scorecard_comparison/:id', at: `/scorecard_comparison/${scorecardId}?mode=versions` };

describe('Scorecard versions in words a user knows', () => {
  it('names each version and what it changed, never a log position or a field key', async () => {
    await renderScreen(<ScorecardComparisonPage />, at);
    const current = await screen.findByTestId('current-side');
    expect(current).toHaveTextContent('version 2');
    expect(screen.getByTestId('baseline-side')).toHaveTextContent('version 1');
    expect(screen.getByRole('combobox', { name: 'Later version' })).toHaveDisplayValue(/changed MOS entries$/);
    expect(document.body).not.toHaveTextContent(/1044:19|1187:3|log position|mosEntries/);
  });

  it('in Spanish', async () => {
    await renderScreen(<ScorecardComparisonPage />, { ...at, language: 'es' });
    const current = await screen.findByTestId('current-side');
    expect(current).toHaveTextContent('versión 2');
    expect(screen.getByRole('combobox', { name: 'Versión posterior' })).toHaveDisplayValue(/cambió Entradas MOS$/);
    expect(document.body).not.toHaveTextContent(/1044:19|1187:3|posición en el registro|mosEntries/);
  });
});
