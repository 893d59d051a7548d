import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, type FakeApi, fakeApi, type SentRequest } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import TestAnalysisPage from './TestAnalysisPage.tsx';

const probes = [
  { id: 'mad01', probeId: 'mad01', name: 'Madrid centre' },
  { id: 'mad02', probeId: 'mad02', name: 'Madrid north' },
  { id: 'bcn01', probeId: 'bcn01', name: 'Barcelona' },
];
const probeSearch = (request: SentRequest) => {
  const text = (request.query.get('q') ?? '').toLowerCase();
  const list = probes.filter((probe) => `${probe.probeId} ${probe.name}`.toLowerCase().includes(text));
  return { list, count: list.length, page: 1, pageSize: 50 };
};

const row = (measurementId: string, changes: object = {}) => ({
  measurementId,
  measuredAt: '2026-03-02T08:00:00.000Z',
  status: 'Finished',
  testType: 'http-download',
  technology: 4,
  kpis: { download: 81.5, latency: 20 },
  ...changes,
});
const resultsPage = (request: SentRequest) => ({
  probeId: 'mad01',
  program: 'speedtest',
  list:
    request.query.get('page') === '2'
      ? [row('r3', { measuredAt: '2026-03-01T08:00:00.000Z' })]
      : [row('r1'), row('r2', { status: 'Error', kpis: { latency: 45 } })],
  count: 27,
  page: Number(request.query.get('page') ?? 1),
  pageSize: 25,
  kpis: [
    { id: 'download', label: 'Download speed', unit: 'Mbps', inverse: false },
    { id: 'latency', label: 'Latency', unit: 'ms', inverse: true },
  ],
});
const series = {
  kind: 'metric',
  metric: 'avg',
  series: [{ key: {}, buckets: [{ key: '2026-03-02T00:00:00.000Z', count: 2, value: 81.5 }] }],
  warnings: [],
};
const detail = {
  measurement: {
    schemaVersion: 1,
    measurementId: 'r2',
    probeId: 'mad01',
    program: 'speedtest',
    testType: 'http-download',
    technology: 4,
    technologyLabel: '4G',
    measuredAt: '2026-03-02T08:00:00.000Z',
    receivedAt: '2026-03-02T08:00:01.000Z',
    taskMode: 'active',
    status: 'Error',
    kpis: { latency: 45 },
    hour: 9,
    weekday: 1,
    fringe: 0,
    campaigns: [],
    clusters: [],
    universes: [],
    tags: [],
  },
  section: 'Error',
  results: [{ kpi: 'latency', label: 'Latency', unit: 'ms', inverse: true, value: 45 }],
  names: { campaigns: [], clusters: [], universes: [], tags: [] },
};

const results = '/test-analysis/mad01/programs/speedtest/results';
let api: FakeApi;
beforeEach(() => {
  api = fakeApi()
    .get('/test-analysis/probes', probeSearch)
    .get('/test-analysis/mad01/programs', {
      probeId: 'mad01',
      list: [
        { program: 'speedtest', count: 27, lastMeasuredAt: '2026-03-02T08:00:00.000Z' },
        { program: 'web', count: 3, lastMeasuredAt: '2026-03-01T08:00:00.000Z' },
        { program: 'p-home', count: 1, lastMeasuredAt: '2026-03-01T07:00:00.000Z' },
      ],
      count: 3,
    })
    .get('/test-analysis/mad01/layer', { probeId: 'mad01', layer3: { mtu: 1500 }, layer4: null })
    .get(results, resultsPage)
    .get('/test-analysis/mad01/programs/speedtest/series', series)
    .get('/api/measurements/by/id/r2', detail)
    .post('/api/graphic/change-markers', { list: [], count: 0, capped: false });
});

const analyst = () =>
  testProfile({
    layers: [{ id: 'test_analysis', groups: [] }],
    programs: [{ id: 'p-home', type: 1, program: 'Home broadband' }],
  });

describe('Test analysis', () => {
  it('finds a probe by name, lists its programs with their counts and opens one program’s results', async () => {
    signIn(api, analyst());
    const { user, router } = await renderScreen(<TestAnalysisPage />, { path: '/test_analysis' });

    expect(await screen.findByText('Choose a probe to see the programs it measured.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Find a probe'), 'madrid');
    const found = await screen.findByRole('list', { name: 'Probes found' });
    await waitFor(() => expect(within(found).getAllByRole('button')).toHaveLength(2));
    await user.click(within(found).getByRole('button', { name: 'mad01 Madrid centre' }));

    const programs = await screen.findByRole('table', { name: 'Programs' });
    expect(within(programs).getByText('27')).toBeInTheDocument();
    expect(screen.getByTestId('layer-settings')).toHaveTextContent("Probe's layer 3 settings: mtu 1500");
    await user.click(within(programs).getByRole('button', { name: 'Speed test' }));

    const table = await screen.findByRole('table', { name: 'Results' });
    expect(await within(table).findByRole('columnheader', { name: 'Download speed (Mbps)' })).toBeInTheDocument();
    expect(within(table).getByText('81.5')).toBeInTheDocument();
    expect(within(table).getByText('The test failed on the probe.')).toBeInTheDocument();
    expect(screen.getByText('27 in total')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?probe=mad01&program=speedtest');
    await waitFor(() => expect(api.sent('GET', '/test-analysis/mad01/programs/speedtest/series')).not.toHaveLength(0));
    expect(api.sent('GET', '/test-analysis/mad01/programs/speedtest/series').at(-1)!.query.get('kpi')).toBe('download');
  });

  it('names the programs as people read them: the list, the chart and the results, the address keeping the id', async () => {
    signIn(api, analyst());
    const { user, router } = await renderScreen(<TestAnalysisPage />, {
      path: '/test_analysis',
      at: '/test_analysis?probe=mad01',
    });

    const programs = await screen.findByRole('table', { name: 'Programs' });
    await within(programs).findByRole('button', { name: 'Home broadband' });
    expect(
      within(programs)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Speed test', 'Web browsing', 'Home broadband']);
    await user.click(within(programs).getByRole('button', { name: 'Speed test' }));

    expect(await screen.findByRole('heading', { name: 'Speed test over time' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Results of Speed test' })).toBeInTheDocument();
    expect(await screen.findByRole('figure', { name: 'Download speed of Speed test, average' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?probe=mad01&program=speedtest');
    expect(within(programs).getByRole('button', { name: 'Speed test' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps the probe, program, window, filters and page in the address, and reads them back', async () => {
    signIn(api, analyst());
    const { user, router } = await renderScreen(<TestAnalysisPage />, {
      path: '/test_analysis',
      at: '/test_analysis?probe=mad01&program=speedtest&from=2026-03-01&to=2026-03-07&status=error',
    });

    await screen.findByText('27 in total');
    const first = api.sent('GET', results).at(-1)!.query;
    expect([first.get('from'), first.get('to'), first.get('status'), first.get('page')]).toEqual([
      '2026-03-01',
      '2026-03-07',
      'error',
      '1',
    ]);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.sent('GET', results).at(-1)!.query.get('page')).toBe('2'));
    expect(router.state.location.search).toContain('page=2');

    await user.selectOptions(screen.getByLabelText('Network layer'), 'layer3');
    await waitFor(() => expect(api.sent('GET', results).at(-1)!.query.get('layer')).toBe('layer3'));
    expect(api.sent('GET', results).at(-1)!.query.get('page')).toBe('1');
    expect(router.state.location.search).toBe(
      '?probe=mad01&program=speedtest&from=2026-03-01&to=2026-03-07&status=error&layer=layer3',
    );
  });

  it('warns when more than 200 probes match', async () => {
    api.get('/test-analysis/probes', { list: probes, count: 201, page: 1, pageSize: 50 });
    signIn(api, analyst());
    await renderScreen(<TestAnalysisPage />, { path: '/test_analysis' });

    expect(await screen.findByText('There are more than 200 results; performance may be affected.')).toBeVisible();
  });

  it('opens a result’s detail in a dialog for a profile without measurement analysis', async () => {
    signIn(api, analyst());
    const { user } = await renderScreen(<TestAnalysisPage />, {
      path: '/test_analysis',
      at: '/test_analysis?probe=mad01&program=speedtest',
    });

    const table = await screen.findByRole('table', { name: 'Results' });
    await user.click((await within(table).findAllByRole('button'))[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Result detail' });
    expect(await within(dialog).findByText('Error', { selector: '[data-section]' })).toBeInTheDocument();
    expect(within(dialog).getByRole('cell', { name: '45 ms' })).toBeInTheDocument();
  });

  it('goes to the measurement analysis detail when the profile has it, with the way back', async () => {
    signIn(
      api,
      testProfile({
        layers: [
          { id: 'test_analysis', groups: [] },
          { id: 'measurementAnalysis', groups: [] },
        ],
      }),
    );
    const { user, router } = await renderScreen(<TestAnalysisPage />, {
      path: '/test_analysis',
      at: '/test_analysis?probe=mad01&program=speedtest',
      routes: [{ path: '/measurementAnalysis/detail/:measurementId', element: <p>detail page</p> }],
    });

    const table = await screen.findByRole('table', { name: 'Results' });
    await user.click((await within(table).findAllByRole('button'))[0]!);
    expect(await screen.findByText('detail page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/measurementAnalysis/detail/r1');
    expect(router.state.location.state).toEqual({ backTo: '/test_analysis?probe=mad01&program=speedtest' });
  });

  it('says in place when the results or programs cannot be read, and when the probe is not seen', async () => {
    api.get(results, answer(500, { code: 'testAnalysis.resultsFetchFailed' }));
    signIn(api, analyst());
    await renderScreen(<TestAnalysisPage />, {
      path: '/test_analysis',
      at: '/test_analysis?probe=mad01&program=speedtest',
    });
    expect(await screen.findByText('Could not load the results.')).toBeInTheDocument();

    api.get('/test-analysis/ghost/programs', answer(404, { code: 'probes.notFound' }));
    await renderScreen(<TestAnalysisPage />, { path: '/test_analysis', at: '/test_analysis?probe=ghost' });
    expect(await screen.findByText('The probe does not exist.')).toBeInTheDocument();
  });

  it('in Spanish', async () => {
    signIn(api, analyst());
    await renderScreen(<TestAnalysisPage />, {
      path: '/test_analysis',
      at: '/test_analysis?probe=mad01&program=speedtest',
      language: 'es',
    });
    expect(await screen.findByRole('heading', { name: 'Análisis de pruebas' })).toBeInTheDocument();
    expect(await screen.findByText('La prueba ha fallado en la sonda.')).toBeInTheDocument();
    expect(screen.getByText('27 en total')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Velocidad de descarga (Mbps)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Resultados de Prueba de velocidad' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Prueba de velocidad a lo largo del tiempo' })).toBeInTheDocument();
  });
});
