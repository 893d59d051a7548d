import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import ScorecardLivePage from './ScorecardLivePage.tsx';
import { movistar, octoberCalculation, scorecardId, withProviders } from './scorecard-fixtures.ts';

// A restricted analyst's scores differ from the administrator's for the same scorecard: the screen says why.

const calculations = `/scorecards/${scorecardId}/calculations`;
const at = { path: '/scorecard_live/:id', at: `/scorecard_live/${scorecardId}` };
const narrowedBy = {
  restrictions: [
    { kind: 'isp' as const, values: [{ id: movistar, name: 'Movistar' }] },
    {
      kind: 'technology' as const,
      values: [
        { id: 4, name: '4G' },
        { id: 5, name: '5G' },
      ],
    },
  ],
};

let api: FakeApi;
beforeEach(() => {
  api = withProviders(fakeApi());
  signIn(api);
});

describe('Scorecard live of a profile that narrows the data', () => {
  it('says what the profile narrowed the scores by, in English', async () => {
    api.get(calculations, { ...octoberCalculation, narrowedBy });
    await renderScreen(<ScorecardLivePage />, at);
    expect(await screen.findByText('Computed over your profile: Movistar · 4G, 5G')).toHaveAttribute('role', 'note');
  });

  it('says it in Spanish', async () => {
    api.get(calculations, { ...octoberCalculation, narrowedBy });
    await renderScreen(<ScorecardLivePage />, { ...at, language: 'es' });
    expect(await screen.findByText('Calculado sobre tu perfil: Movistar · 4G, 5G')).toBeInTheDocument();
  });

  it('says nothing of the kind when the profile narrowed nothing', async () => {
    api.get(calculations, octoberCalculation);
    await renderScreen(<ScorecardLivePage />, at);
    await screen.findByTestId('score-matrix');
    expect(screen.queryByText(/Computed over your profile/)).toBeNull();
  });
});
