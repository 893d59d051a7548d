import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CatalogueKpi } from '../../../shared/api/kpi-catalogue.ts';
import { type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { fakeGraphicPlatform } from '../../../shared/testing/fake-graphic-platform.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import { BasicGraphicGeneratorPage } from './GraphicGeneratorPage.tsx';

const download: CatalogueKpi = {
  id: 'download',
  label: 'Download speed',
  unit: 'Mbps',
  inverse: false,
  testTypes: [],
  fringes: [],
};

let api: FakeApi;
/** Every answer the platform gave, oldest first. */
let answers: GraphicResponse[];
beforeEach(() => {
  const platform = fakeGraphicPlatform();
  answers = platform.answers;
  api = fakeApi()
    .get('/api/types/all/kpis', { category: 'all', list: [download] })
    .post('/api/graphic', platform.route);
  // Madrid: the instant is written in the profile's time zone (UTC+1 in December).
  signIn(api, testProfile({ rol: 'admin', timeZone: 'Europe/Madrid' }));
});

const generator = (query: string, language: 'en' | 'es' = 'en') =>
  renderScreen(<BasicGraphicGeneratorPage />, {
    path: '/basic_graphic_generator',
    at: `/basic_graphic_generator${query}`,
    language,
  });
/** The count the table graphic shows for all measurements. */
const shownCount = () => within(screen.getByRole('table')).getAllByRole('row')[1]?.textContent;
const graphicAsks = () => api.sent('POST', '/api/graphic');
const graphicView = '?view=graphic&type=table&kpi=download&metric=count';

describe('a generated graphic, reproduced', () => {
  it('names what reproduces it; Reproduce asks its query again at its position and keeps the pin in the address; Latest unpins', async () => {
    const { user, router } = await generator(graphicView);
    const line = await screen.findByTestId('chart-reproduction');
    expect(line).toHaveTextContent(
      /^Reproducible as: data received until Dec 7, 2026, 3:41\sPM, configuration position 811:3Reproduce$/,
    );
    expect(shownCount()).toContain('41');
    const first = graphicAsks()[0]!;
    expect(first.query.get('asOf')).toBeNull();
    expect(first.body).not.toHaveProperty('receivedUntil');
    const reproduce = answers[0]!.reproduce!;

    await user.click(within(line).getByRole('button', { name: 'Reproduce' }));
    await waitFor(() => expect(graphicAsks()).toHaveLength(2));
    const pinned = graphicAsks()[1]!;
    expect(pinned.query.get('asOf')).toBe('811:3');
    // The answer's query as it was run, its receivedUntil included.
    expect(pinned.body).toEqual(reproduce.query);
    expect(pinned.body).toMatchObject({ receivedUntil: '2026-12-07T14:41:30.250Z', kpi: 'download', metric: 'count' });
    const address = new URLSearchParams(router.state.location.search);
    expect(address.get('asOf')).toBe('811:3');
    expect(address.get('receivedUntil')).toBe('2026-12-07T14:41:30.250Z');
    // The same numbers, and the line says they are pinned.
    await waitFor(() =>
      expect(screen.getByTestId('chart-reproduction')).toHaveTextContent(/configuration position 811:3PinnedLatest$/),
    );
    expect(shownCount()).toContain('41');

    await user.click(screen.getByRole('button', { name: 'Latest' }));
    await waitFor(() => expect(graphicAsks()).toHaveLength(3));
    const latest = graphicAsks()[2]!;
    expect(latest.query.get('asOf')).toBeNull();
    expect(latest.body).not.toHaveProperty('receivedUntil');
    expect(router.state.location.search).not.toMatch(/asOf|receivedUntil/);
    // The data received since counts.
    expect(await screen.findByRole('button', { name: 'Reproduce' })).toBeInTheDocument();
    await waitFor(() => expect(shownCount()).toContain('42'));
    expect(screen.getByTestId('chart-reproduction')).toHaveTextContent('configuration position 812:3');
  });

  it('opened from a pinned link, asks the pinned numbers straight away, and says so in Spanish', async () => {
    const [asOf, receivedUntil] = ['811:3', '2026-12-07T14:41:30.250Z'];
    await generator(`${graphicView}&asOf=${asOf}&receivedUntil=${receivedUntil}`, 'es');
    const line = await screen.findByTestId('chart-reproduction');
    expect(graphicAsks()).toHaveLength(1);
    expect(graphicAsks()[0]!.query.get('asOf')).toBe(asOf);
    expect(graphicAsks()[0]!.body).toMatchObject({ receivedUntil });
    expect(shownCount()).toContain('41');
    await waitFor(() =>
      expect(line).toHaveTextContent(
        /^Reproducible como: datos recibidos hasta 7 dic 2026, 15:41, posición de la configuración 811:3FijadoLo más reciente$/,
      ),
    );
  });

  it('shows the warning of an answer computed within access narrowed since', async () => {
    api.post('/api/graphic', fakeGraphicPlatform({ narrowedSince: true }).route);
    const { user } = await generator(graphicView);
    const line = await screen.findByTestId('chart-reproduction');
    expect(screen.queryByText(/Your access to the data has narrowed/)).not.toBeInTheDocument();
    await user.click(within(line).getByRole('button', { name: 'Reproduce' }));
    expect(
      await screen.findByText(
        'Your access to the data has narrowed since these numbers were computed: they are answered within what you may see now, and may differ.',
      ),
    ).toBeInTheDocument();
  });

  it('pinned, a graphic that cannot be drawn still offers the latest numbers', async () => {
    const { user, router } = await generator(`${graphicView}&asOf=5:1&receivedUntil=2026-12-07T13:00:00.000Z`);
    // Nothing had been received by then: the pinned answer is empty.
    expect(await screen.findByTestId('generator-empty')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Latest' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('asOf'));
    expect(await screen.findByRole('button', { name: 'Reproduce' })).toBeInTheDocument();
  });
});
