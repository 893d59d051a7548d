import type { GraphicResponse, MetricSeries } from '@nq/contracts/analytics/query-result';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueKpi } from '../../../shared/api/kpi-catalogue.ts';
import { type FakeApi, fakeApi, type SentRequest } from '../../../shared/testing/fake-api.ts';
import { fakeGraphicPlatform } from '../../../shared/testing/fake-graphic-platform.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import EvolutionPage from './EvolutionPage.tsx';

const download: CatalogueKpi = {
  id: 'download',
  label: 'Download speed',
  unit: 'Mbps',
  inverse: false,
  testTypes: ['http-download'],
  fringes: [],
};

let api: FakeApi;
/** Every answer the platform gave, oldest first. */
let answers: GraphicResponse[];
beforeEach(() => {
  const platform = fakeGraphicPlatform();
  answers = platform.answers;
  // The platform's count of measurements received, over time: all of them on one day.
  const evolution = (request: SentRequest) => {
    const answer = platform.route(request) as Extract<GraphicResponse, { kind: 'metric' }>;
    return {
      ...answer,
      series: answer.series.map((series: MetricSeries) => ({
        ...series,
        buckets: series.buckets.map((bucket) => ({ ...bucket, key: '2026-12-06T23:00:00.000Z' })),
      })),
    };
  };
  api = fakeApi()
    .get('/api/types/all/kpis', { category: 'all', list: [download] })
    .post('/api/evolution', evolution);
  // Madrid: the instant is written in the profile's time zone (UTC+1 in December).
  signIn(api, testProfile({ rol: 'admin', timeZone: 'Europe/Madrid' }));
});
afterEach(() => vi.useRealTimers());

const counted = '/evolution?kpi=download&metric=count';
const evolutionAsks = () => api.sent('POST', '/api/evolution');
/** The count the data table shows for the day measured. */
const shownCount = async (user: Awaited<ReturnType<typeof renderScreen>>['user']) => {
  const chart = screen.getByTestId('evolution-chart');
  if (!within(chart).queryByRole('table')) await user.click(within(chart).getByText('Data table'));
  return within(within(chart).getByRole('table')).getAllByRole('row')[1]?.textContent;
};

describe('an evolution, reproduced', () => {
  it('names what reproduces it; Reproduce asks its request again at its position and keeps the pin in the address; Latest unpins', async () => {
    const { user, router } = await renderScreen(<EvolutionPage />, { path: '/evolution', at: counted });
    const line = await screen.findByTestId('chart-reproduction');
    expect(line).toHaveTextContent(
      /^Reproducible as: data received until Dec 7, 2026, 3:41\sPM, configuration position 811:3Reproduce$/,
    );
    expect(await shownCount(user)).toContain('41');
    const first = evolutionAsks()[0]!;
    expect(first.query.get('asOf')).toBeNull();
    expect(first.body).not.toHaveProperty('receivedUntil');

    await user.click(within(line).getByRole('button', { name: 'Reproduce' }));
    await waitFor(() => expect(evolutionAsks()).toHaveLength(2));
    const pinned = evolutionAsks()[1]!;
    expect(pinned.query.get('asOf')).toBe('811:3');
    // The same request, with the answer's receivedUntil: its `reproduce.query`.
    expect(pinned.body).toEqual(answers[0]!.reproduce!.query);
    expect(pinned.body).toEqual({ ...(first.body as object), receivedUntil: '2026-12-07T14:41:30.250Z' });
    const address = new URLSearchParams(router.state.location.search);
    expect(address.get('asOf')).toBe('811:3');
    expect(address.get('receivedUntil')).toBe('2026-12-07T14:41:30.250Z');
    expect(address.get('kpi')).toBe('download');
    await waitFor(() =>
      expect(screen.getByTestId('chart-reproduction')).toHaveTextContent(/configuration position 811:3PinnedLatest$/),
    );
    expect(await shownCount(user)).toContain('41');

    await user.click(screen.getByRole('button', { name: 'Latest' }));
    await waitFor(() => expect(evolutionAsks()).toHaveLength(3));
    const latest = evolutionAsks()[2]!;
    expect(latest.query.get('asOf')).toBeNull();
    expect(latest.body).toEqual(first.body);
    expect(router.state.location.search).not.toMatch(/asOf|receivedUntil/);
    // The data received since counts.
    await waitFor(() =>
      expect(screen.getByTestId('chart-reproduction')).toHaveTextContent(/configuration position 812:3Reproduce$/),
    );
    expect(await shownCount(user)).toContain('42');
  });

  it('opened from a pinned link, asks the pinned numbers straight away and never again at the refresh interval; a change of choice keeps the pin', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem('nq.refreshInterval', '30000');
    const [asOf, receivedUntil] = ['811:3', '2026-12-07T14:41:30.250Z'];
    const { user, router } = await renderScreen(<EvolutionPage />, {
      path: '/evolution',
      at: `${counted}&asOf=${asOf}&receivedUntil=${receivedUntil}`,
      language: 'es',
    });
    const line = await screen.findByTestId('chart-reproduction');
    await waitFor(() =>
      expect(line).toHaveTextContent(
        /^Reproducible como: datos recibidos hasta 7 dic 2026, 15:41, posición de la configuración 811:3FijadoLo más reciente$/,
      ),
    );
    expect(evolutionAsks()).toHaveLength(1);
    expect(evolutionAsks()[0]!.query.get('asOf')).toBe(asOf);
    expect(evolutionAsks()[0]!.body).toMatchObject({ kpi: 'download', metric: 'count', receivedUntil });

    await act(() => vi.advanceTimersByTimeAsync(65_000));
    expect(evolutionAsks()).toHaveLength(1);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Gráfico' }), 'bars');
    const address = new URLSearchParams(router.state.location.search);
    expect([address.get('chartType'), address.get('asOf'), address.get('receivedUntil')]).toEqual([
      'bars',
      asOf,
      receivedUntil,
    ]);
    expect(screen.getByRole('button', { name: 'Lo más reciente' })).toBeInTheDocument();
  });
});
