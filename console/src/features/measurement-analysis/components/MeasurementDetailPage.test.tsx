import { translate } from '@nq/contracts/errors/index';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import { formatDateTime } from '../../../shared/ui/format.ts';
import type { MeasurementDetail } from '../api/measurements.ts';
import MeasurementDetailPage from './MeasurementDetailPage.tsx';

const detail = {
  section: 'Error',
  measurement: {
    measurementId: 'm-42',
    probeId: 'mad001',
    probeType: 'mobile',
    program: 'p-home',
    testType: 'http-download',
    destination: { name: 'Madrid speed', ip: '10.0.0.8' },
    technology: 4,
    technologyLabel: '4G',
    isp: 'movistar es',
    ispId: '2e072733-5a1c-4f0e-9d1e-6c0f2b7a9e11',
    provider: '2e072733-5a1c-4f0e-9d1e-6c0f2b7a9e11',
    measuredAt: '2026-03-02T10:00:00.000Z',
    receivedAt: '2026-03-02T10:00:05.000Z',
    hour: 11,
    weekday: 1,
    fringe: 0,
    taskMode: 'active',
    status: 'Error',
    kpis: { download: 48.1234, latency: 21.5 },
    taskSuite: 'e59d6d92-e2fd-415a-8ea5-2ff92b138ec1',
    campaigns: ['c-1'],
    clusters: [],
    universes: [],
    tags: ['t-1', 't-2'],
  },
  names: {
    isp: 'Movistar',
    provider: 'Movistar',
    campaigns: ['Spring drive'],
    clusters: [],
    universes: [],
    tags: ['north', 'van'],
    taskSuite: 'Landline speed and latency',
  },
  results: [
    { kpi: 'download', label: 'Download speed', unit: 'Mbps', inverse: false, value: 48.1234 },
    { kpi: 'latency', label: 'Latency', unit: 'ms', inverse: true, value: 21.5 },
  ],
} as unknown as MeasurementDetail;

const path = '/measurementAnalysis/detail/:measurementId';
const at = '/measurementAnalysis/detail/m-42';
const searchPage = { path: '/measurementAnalysis', element: <h1>Measurement search</h1> };
const fact = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling;

let api: FakeApi;
beforeEach(() => {
  api = fakeApi().get('/api/measurements/by/id/m-42', detail);
  signIn(api, testProfile({ rol: 'admin', programs: [{ id: 'p-home', type: 1, program: 'Home broadband' }] }));
});

describe('Measurement detail (analysis)', () => {
  it('shows the measurement’s result section, what it means, and its facts', async () => {
    await renderScreen(<MeasurementDetailPage />, { path, at });

    expect(await screen.findByText('The test ended with an error.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Measurement detail' })).toBeInTheDocument();
    expect(fact('Probe')).toHaveTextContent('mad001');
    expect(fact('Probe type')).toHaveTextContent('Mobile');
    // Stored before measurements carried their source: the panel's.
    expect(fact('Source')).toHaveTextContent(/^Panel$/);
    // Named as the profile names it (the console reads the profile before any screen; here it may come second).
    await waitFor(() => expect(fact('Program')).toHaveTextContent(/^Home broadband$/));
    expect(fact('Destination')).toHaveTextContent('Madrid speed (10.0.0.8)');
    // The task suite by the name the answer gives it, never its id.
    expect(fact('Task suite')).toHaveTextContent(/^Landline speed and latency$/);
    expect(fact('Measured at')).toHaveTextContent(formatDateTime('2026-03-02T10:00:00.000Z', 'Etc/UTC'));
    expect(fact('Local time')).toHaveTextContent('Monday 11h · Morning');
    expect(fact('Task mode')).toHaveTextContent('Active (instant)');
    // What it refers to by id is shown by name, as the answer names it.
    expect(fact('Provider')).toHaveTextContent(/^Movistar$/);
    expect(fact('Campaigns')).toHaveTextContent('Spring drive');
    expect(fact('Tags')).toHaveTextContent('north, van');
    expect(fact('Clusters')).toHaveTextContent('—');
  });

  it('lists the KPI results with their units and which way is better, numbers written the language’s way', async () => {
    await renderScreen(<MeasurementDetailPage />, { path, at, language: 'es' });

    const results = await screen.findByRole('table', { name: 'Resultados' });
    const download = within(results).getByRole('cell', { name: 'Download speed' }).closest('tr')!;
    expect(within(download).getByRole('cell', { name: '48,123 Mbps' })).toBeInTheDocument();
    expect(within(download).getByRole('cell', { name: 'Más alto' })).toBeInTheDocument();
    const latency = within(results).getByRole('cell', { name: 'Latency' }).closest('tr')!;
    expect(within(latency).getByRole('cell', { name: '21,5 ms' })).toBeInTheDocument();
    expect(within(latency).getByRole('cell', { name: 'Más bajo' })).toBeInTheDocument();
  });

  it('shows who measured an imported measurement and what its test observed', async () => {
    const imported = {
      ...detail.measurement,
      testType: 'traceroute',
      source: 'ripe-atlas',
      details: {
        hops: [
          { hop: 1, address: '10.0.0.1', rtts: [1.5] },
          { hop: 2, rtts: [] },
        ],
        tool: 'RIPE Atlas traceroute',
        sourceRef: 'msm 5001',
      },
    };
    api.get('/api/measurements/by/id/m-42', { ...detail, measurement: imported });
    await renderScreen(<MeasurementDetailPage />, { path, at, language: 'es' });

    const hops = await screen.findByRole('table', { name: 'Saltos del traceroute' });
    expect(fact('Origen')).toHaveTextContent('RIPE Atlas');
    expect(within(hops).getByRole('cell', { name: 'Sin respuesta' })).toBeInTheDocument();
    expect(fact('Herramienta')).toHaveTextContent('RIPE Atlas traceroute');
  });

  it('says when the measurement has no KPI results', async () => {
    api.get('/api/measurements/by/id/m-42', { ...detail, results: [] });
    await renderScreen(<MeasurementDetailPage />, { path, at });

    expect(await screen.findByText('This measurement has no KPI results.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says in the interface language that a measurement does not exist', async () => {
    api.get('/api/measurements/by/id/m-42', answer(404, { code: 'measurements.notFound' }));
    await renderScreen(<MeasurementDetailPage />, { path, at, language: 'es' });

    expect(await screen.findByRole('alert')).toHaveTextContent(translate('measurements.notFound', 'es'));
  });

  it('says the information could not be loaded when the API fails', async () => {
    api.get('/api/measurements/by/id/m-42', answer(500, { code: 'internal.error' }));
    await renderScreen(<MeasurementDetailPage />, { path, at });

    expect(await screen.findByRole('alert')).toHaveTextContent(translate('measurements.infoLoadFailed', 'en'));
  });

  it('leads back to the search the user came from', async () => {
    const { user, router } = await renderScreen(<MeasurementDetailPage />, {
      path,
      at: { pathname: at, state: { search: 'probes=mad001&page=2' } },
      routes: [searchPage],
    });

    await user.click(screen.getByRole('link', { name: '← Back to the search' }));

    expect(await screen.findByRole('heading', { name: 'Measurement search' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?probes=mad001&page=2');
  });
});
