import type { TestAnalysisResults } from '@nq/contracts/measurements/test-analysis';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import { defaultView } from '../../test-analysis/api/analysis-params.ts';
import { ResultsTable } from '../../test-analysis/components/ResultsTable.tsx';
import MeasurementDetailPage from './MeasurementDetailPage.tsx';
import MeasurementSearchPage from './MeasurementSearchPage.tsx';

const measurement = {
  schemaVersion: 1,
  measurementId: 'm1',
  probeId: 'mad001',
  program: 'speedtest',
  testType: 'http-download',
  technology: 4,
  technologyLabel: '4G',
  measuredAt: '2026-03-02T10:00:00.000Z',
  receivedAt: '2026-03-02T10:00:01.000Z',
  taskMode: 'active',
  status: 'Finished',
  kpis: { download: 50.25, latency: 12, loss: 0.5 },
  hour: 10,
  weekday: 1,
  fringe: 0,
  campaigns: [],
  clusters: [],
  universes: [],
  tags: [],
};

/** A download that timed out, with the probe's own words for it. */
const timedOut = {
  ...measurement,
  measurementId: 'm2',
  probeId: 'mad002',
  status: 'Error',
  kpis: {},
  failure: { reason: 'timeout', detail: 'no answer within 30 s' },
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi()
    .get('/api/types/all/kpis', { category: 'all', list: [] })
    .post('/api/measurements/by/profile', { list: [measurement, timedOut], count: 2, page: 1, pageSize: 25 });
  signIn(api);
});

describe('Measurement results in the search list', () => {
  it('show each KPI value with its unit', async () => {
    await renderScreen(<MeasurementSearchPage />, { path: '/measurementAnalysis' });
    const row = (await screen.findByRole('cell', { name: 'mad001' })).closest('tr')!;
    expect(within(row).getByText('Download speed 50.25 Mbps · Latency 12 ms · Packet loss 0.5 %')).toBeVisible();
  });

  it('in Spanish, with the numbers as Spanish writes them', async () => {
    await renderScreen(<MeasurementSearchPage />, { path: '/measurementAnalysis', language: 'es' });
    const row = (await screen.findByRole('cell', { name: 'mad001' })).closest('tr')!;
    expect(
      within(row).getByText('Velocidad de descarga 50,25 Mbps · Latencia 12 ms · Pérdida de paquetes 0,5 %'),
    ).toBeVisible();
  });
});

describe('An errored result', () => {
  const results: TestAnalysisResults = {
    probeId: 'mad002',
    program: 'speedtest',
    list: [
      {
        measurementId: 'm2',
        measuredAt: timedOut.measuredAt,
        status: 'Error',
        testType: 'http-download',
        technology: 4,
        kpis: {},
        failure: { reason: 'timeout', detail: 'no answer within 30 s' },
      },
      {
        measurementId: 'm3',
        measuredAt: timedOut.measuredAt,
        status: 'Error',
        testType: 'http-download',
        technology: 4,
        kpis: {},
      },
    ],
    count: 2,
    page: 1,
    pageSize: 25,
    kpis: [],
  };
  const table = () => (
    <ResultsTable results={results} loading={false} view={defaultView} onView={() => {}} onOpen={() => {}} />
  );

  it('says why it failed in the search list', async () => {
    await renderScreen(<MeasurementSearchPage />, { path: '/measurementAnalysis' });
    const row = (await screen.findByRole('cell', { name: 'mad002' })).closest('tr')!;
    expect(within(row).getByText('The test timed out (no answer within 30 s).')).toBeVisible();
  });

  it('says why it failed among a program’s results, or what its section means when the probe said nothing', async () => {
    await renderScreen(table());
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('The test timed out (no answer within 30 s).')).toBeVisible();
    expect(within(rows[1]!).getByText('The test failed on the probe.')).toBeVisible();
  });

  it('in Spanish', async () => {
    await renderScreen(table(), { language: 'es' });
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('La prueba ha agotado su tiempo (no answer within 30 s).')).toBeVisible();
  });

  it('says why it failed in its detail', async () => {
    api.get('/api/measurements/by/id/m2', {
      measurement: { ...timedOut, hour: 10, weekday: 1, fringe: 0 },
      section: 'Error',
      results: [],
      names: { campaigns: [], clusters: [], universes: [], tags: [] },
    });
    await renderScreen(<MeasurementDetailPage />, {
      path: '/measurementAnalysis/detail/:measurementId',
      at: '/measurementAnalysis/detail/m2',
    });
    expect(await screen.findByText('Why it failed: The test timed out (no answer within 30 s).')).toBeVisible();
  });
});
