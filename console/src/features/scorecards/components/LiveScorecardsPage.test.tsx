import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import ComparableScorecardsPage from './ComparableScorecardsPage.tsx';
import LiveScorecardsPage from './LiveScorecardsPage.tsx';
import { activeScorecard, octoberCalculation, scorecardId, withProviders } from './scorecard-fixtures.ts';

let api: FakeApi;
beforeEach(() => {
  api = withProviders(fakeApi())
    .get('/scorecards/active', { list: [activeScorecard], count: 1 })
    .get(`/scorecards/${scorecardId}/calculations`, octoberCalculation);
  signIn(api);
});

describe('Scorecard live: the active scorecards', () => {
  it('shows each active scorecard with its providers by name and their latest scores, opening its live scores', async () => {
    const { user, router } = await renderScreen(<LiveScorecardsPage />, {
      path: '/scorecard_live',
      routes: [{ path: '/scorecard_live/:id', element: <p>live scores</p> }],
    });
    const card = await screen.findByTestId('scorecard-card');
    expect(card).toHaveTextContent('Madrid quality');
    expect(card).toHaveTextContent('Max score 10');
    expect(card).toHaveTextContent('2 KPIs');
    // This calculation names no provider: their names come with the providers list, which may answer later.
    await within(card).findByText('Movistar');
    const rows = await within(card).findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Movistar6.5 (Good)', 'Orange5.5 (Fair)']);
    // The default window: no window asked for.
    expect(api.sent('GET', `/scorecards/${scorecardId}/calculations`)[0]?.query.toString()).toBe('');

    await user.click(card);
    expect(router.state.location.pathname).toBe(`/scorecard_live/${scorecardId}`);
  });

  it('names the providers as the calculation answered them, before (or without) the providers list', async () => {
    const named = {
      ...octoberCalculation,
      live: {
        ...octoberCalculation.live,
        entities: octoberCalculation.live.entities.map((entity, index) => ({
          ...entity,
          name: ['Movistar', 'Orange'][index],
        })),
      },
    };
    api.get(`/scorecards/${scorecardId}/calculations`, named).get('/api/providers/', () => new Promise(() => {}));
    await renderScreen(<LiveScorecardsPage />, { path: '/scorecard_live' });
    const card = await screen.findByTestId('scorecard-card');
    const rows = await within(card).findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Movistar6.5 (Good)', 'Orange5.5 (Fair)']);
  });

  it('leads to the comparison from the comparison screen, in Spanish', async () => {
    const { user, router } = await renderScreen(<ComparableScorecardsPage />, {
      path: '/scorecard_comparison',
      language: 'es',
      routes: [{ path: '/scorecard_comparison/:id', element: <p>comparison</p> }],
    });
    expect(await screen.findByRole('heading', { name: 'Comparación de universos' })).toBeInTheDocument();
    await user.click(await screen.findByTestId('scorecard-card'));
    expect(router.state.location.pathname).toBe(`/scorecard_comparison/${scorecardId}`);
  });

  it('says so when the profile sees no active scorecard', async () => {
    api.get('/scorecards/active', { list: [], count: 0 });
    await renderScreen(<LiveScorecardsPage />, { path: '/scorecard_live' });
    expect(await screen.findByTestId('scorecards-empty')).toHaveTextContent('Your profile sees no active scorecard.');
  });
});
