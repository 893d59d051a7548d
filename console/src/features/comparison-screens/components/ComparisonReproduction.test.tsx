import type { GraphicResponse, MetricSeries, SeriesKey } from '@nq/contracts/analytics/query-result';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CatalogueKpi } from '../../../shared/api/kpi-catalogue.ts';
import { type FakeApi, fakeApi, type SentRequest } from '../../../shared/testing/fake-api.ts';
import { fakeGraphicPlatform } from '../../../shared/testing/fake-graphic-platform.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import BenchmarkPage from './BenchmarkPage.tsx';
import ByDestinationPage from './ByDestinationPage.tsx';

const download: CatalogueKpi = {
  id: 'download',
  label: 'Download speed',
  unit: 'Mbps',
  inverse: false,
  testTypes: [],
  fringes: [],
};

/** A comparison screen, where it is drawn, what it posts to, the series its answer compares and what it asks first. */
interface Screen {
  name: string;
  page: ReactNode;
  path: string;
  api: '/api/benchmark' | '/api/bydestination';
  series: SeriesKey;
  query: string;
}
const screens: Screen[] = [
  {
    name: 'Benchmark',
    page: <BenchmarkPage />,
    path: '/benchmark',
    api: '/api/benchmark',
    series: { isp: 'Orange' },
    query: '?kpi=download&metric=count',
  },
  {
    name: 'By destination',
    page: <ByDestinationPage />,
    path: '/bydestination',
    api: '/api/bydestination',
    series: { destination: 'Madrid speed server' },
    query: '?kpi=download&metric=count&programs=speedtest',
  },
];

let api: FakeApi;
/** Every answer the platform gave, oldest first. */
let answers: GraphicResponse[];
const setUp = ({ api: path, series }: Screen) => {
  const platform = fakeGraphicPlatform();
  answers = platform.answers;
  // The platform's count of measurements received, as the one series the screen compares.
  const compared = (request: SentRequest) => {
    const answer = platform.route(request) as Extract<GraphicResponse, { kind: 'metric' }>;
    return { ...answer, series: answer.series.map((one: MetricSeries) => ({ ...one, key: series })) };
  };
  api = fakeApi()
    .get('/api/types/all/kpis', { category: 'all', list: [download] })
    .get('/profile/isps', { list: [] })
    .get('/api/providers', { list: [], count: 0, page: 1, pageSize: 25 })
    .get('/api/campaigns-management', { list: [], count: 0, page: 1, pageSize: 25 })
    .get('/technologies/byProgram', { field: 'program', list: [{ value: 'speedtest', technologies: [] }] })
    .post(path, compared);
  // Madrid: the instant is written in the profile's time zone (UTC+1 in December).
  signIn(
    api,
    testProfile({
      rol: 'admin',
      timeZone: 'Europe/Madrid',
      programs: [{ id: 'speedtest', type: 2, program: 'Speed test', groups: [] }],
      serverDestinations: [{ name: 'Madrid speed server', ip: 'speed.example.net' }],
    }),
  );
};

/** The count the comparison's table shows for the one series. */
const shownCount = () => within(screen.getByTestId('comparison-table')).getAllByRole('row')[1]?.textContent;

describe.each(screens)('$name, reproduced', (compared) => {
  beforeEach(() => setUp(compared));
  const asks = () => api.sent('POST', compared.api);

  it('names what reproduces its numbers; Reproduce asks its body again at its position and keeps the pin in the address; Latest unpins', async () => {
    const { user, router } = await renderScreen(compared.page, {
      path: compared.path,
      at: `${compared.path}${compared.query}`,
    });
    const line = await screen.findByTestId('chart-reproduction');
    expect(line).toHaveTextContent(
      /^Reproducible as: data received until Dec 7, 2026, 3:41\sPM, configuration position 811:3Reproduce$/,
    );
    expect(shownCount()).toContain('41');
    const first = asks()[0]!;
    expect(first.query.get('asOf')).toBeNull();
    expect(first.body).not.toHaveProperty('receivedUntil');

    await user.click(within(line).getByRole('button', { name: 'Reproduce' }));
    await waitFor(() => expect(asks()).toHaveLength(2));
    const pinned = asks()[1]!;
    expect(pinned.query.get('asOf')).toBe('811:3');
    // The same body, with the answer's receivedUntil: its `reproduce.query`.
    expect(pinned.body).toEqual(answers[0]!.reproduce!.query);
    expect(pinned.body).toEqual({ ...(first.body as object), receivedUntil: '2026-12-07T14:41:30.250Z' });
    const address = new URLSearchParams(router.state.location.search);
    expect(address.get('asOf')).toBe('811:3');
    expect(address.get('receivedUntil')).toBe('2026-12-07T14:41:30.250Z');
    await waitFor(() =>
      expect(screen.getByTestId('chart-reproduction')).toHaveTextContent(/configuration position 811:3PinnedLatest$/),
    );
    expect(shownCount()).toContain('41');

    await user.click(screen.getByRole('button', { name: 'Latest' }));
    await waitFor(() => expect(asks()).toHaveLength(3));
    const latest = asks()[2]!;
    expect(latest.query.get('asOf')).toBeNull();
    expect(latest.body).toEqual(first.body);
    expect(router.state.location.search).not.toMatch(/asOf|receivedUntil/);
    // The data received since counts.
    await waitFor(() =>
      expect(screen.getByTestId('chart-reproduction')).toHaveTextContent(/configuration position 812:3Reproduce$/),
    );
    expect(shownCount()).toContain('42');
  });

  it('opened from a pinned link, asks the pinned numbers straight away', async () => {
    const [asOf, receivedUntil] = ['811:3', '2026-12-07T14:41:30.250Z'];
    await renderScreen(compared.page, {
      path: compared.path,
      at: `${compared.path}${compared.query}&asOf=${asOf}&receivedUntil=${receivedUntil}`,
    });
    const line = await screen.findByTestId('chart-reproduction');
    await waitFor(() => expect(line).toHaveTextContent(/configuration position 811:3PinnedLatest$/));
    expect(asks()).toHaveLength(1);
    expect(asks()[0]!.query.get('asOf')).toBe(asOf);
    expect(asks()[0]!.body).toMatchObject({ kpi: 'download', metric: 'count', receivedUntil });
    expect(shownCount()).toContain('41');
  });

  it('pinned before anything was received, says there is no data and still offers the latest numbers', async () => {
    const { user, router } = await renderScreen(compared.page, {
      path: compared.path,
      at: `${compared.path}${compared.query}&asOf=5:1&receivedUntil=2026-12-07T13:00:00.000Z`,
    });
    expect(await screen.findByTestId('comparison-empty')).toBeInTheDocument();
    await user.click(within(screen.getByTestId('chart-reproduction')).getByRole('button', { name: 'Latest' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('asOf'));
    expect(await screen.findByRole('button', { name: 'Reproduce' })).toBeInTheDocument();
    expect(shownCount()).toContain('41');
  });
});
