import type { SmartPerformanceAnswer, SmartPerformanceDashboard } from '@nq/contracts/analytics/smart-performance';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import SmartPerformancePage from './SmartPerformancePage.tsx';

const dashboard: SmartPerformanceDashboard = {
  kpis: [
    { id: 'download', fringes: [0, 1], inverse: false, unit: 'Mbps' },
    { id: 'latency', fringes: [0, 1, 2], inverse: true, unit: 'ms' },
  ],
  programs: [{ id: 'speedtest', type: 2, program: 'Speed test', groups: [] }],
  groups: [],
  grouping: 'program',
  windows: ['24h', '7d', '30d', '90d'],
  defaultWindow: '7d',
  timeZone: 'Europe/Madrid',
};

const charts = (download: number): SmartPerformanceAnswer => ({
  window: { name: '7d', from: '2026-11-18T12:00:00.000Z', to: '2026-11-25T12:00:00.000Z', timeZone: 'Europe/Madrid' },
  granularity: 'day',
  grouping: 'program',
  metric: 'avg',
  charts: [
    {
      status: 'ready',
      kpi: 'download',
      fringes: [0, 1],
      inverse: false,
      unit: 'Mbps',
      warnings: [],
      series: [
        {
          key: { program: 'speedtest' },
          labels: { program: 'Speed test' },
          buckets: [
            { key: '2026-11-23T23:00:00.000Z', count: 3, value: 80 },
            { key: '2026-11-24T23:00:00.000Z', count: 2, value: download },
          ],
        },
      ],
    },
    {
      status: 'failed',
      kpi: 'latency',
      fringes: [0, 1, 2],
      inverse: true,
      unit: 'ms',
      error: { code: 'smartPerformance.fetchFailed', message: 'Could not load the smart performance data.' },
    },
  ],
});

let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  // Each answer's latest download is one more than the previous one's, so a refresh shows.
  let answers = 0;
  api = fakeApi()
    .get('/profile/smartPerformance', dashboard)
    .post('/api/smart-performance', () => {
      answers += 1;
      return charts(90.456 + answers);
    });
  signIn(api, testProfile({ timeZone: 'Europe/Madrid' }));
});
afterEach(() => vi.useRealTimers());

const asked = () => api.sent('POST', '/api/smart-performance').length;
// Requests are signed with WebCrypto, which fake timers do not drive: a refetch reaches the API some real time after
// the interval fires, so each count is read after a moment of real time.
const realSetTimeout = globalThis.setTimeout;
const settled = () => act(() => new Promise<void>((resolve) => realSetTimeout(resolve, 300)));

describe('Smart performance', () => {
  it("draws a chart per KPI, with its fringes, latest values, and a failed KPI's error in its own place", async () => {
    await renderScreen(<SmartPerformancePage />, { path: '/smartPerformance' });

    const download = await screen.findByTestId('smart-chart-download');
    expect(within(download).getByRole('heading', { level: 2 })).toHaveTextContent('Download speed (Mbps)');
    expect(within(download).getByTestId('chart-fringes')).toHaveTextContent(
      'Fringes: Morning, Afternoon · higher is better',
    );
    expect(within(download).getByRole('list', { name: 'Latest values' })).toHaveTextContent(
      /Speed test\s*91\.46 Mbps · Nov 25, 2026/,
    );

    const latency = screen.getByTestId('smart-chart-latency');
    expect(within(latency).getByTestId('chart-fringes')).toHaveTextContent('Fringes: All day · lower is better');
    expect(within(latency).getByRole('alert')).toHaveTextContent('Could not load the smart performance data.');
    expect(screen.getByTestId('updated-at')).toHaveTextContent(/^Updated at \d{1,2}:\d{2}:\d{2}/);
    expect(api.sent('POST', '/api/smart-performance')[0]?.body).toEqual({ window: '7d' });
  });

  it('speaks Spanish', async () => {
    await renderScreen(<SmartPerformancePage />, { path: '/smartPerformance', language: 'es' });
    const download = await screen.findByTestId('smart-chart-download');
    expect(within(download).getByRole('heading', { level: 2 })).toHaveTextContent('Velocidad de descarga (Mbps)');
    expect(within(download).getByTestId('chart-fringes')).toHaveTextContent('Franjas: Mañana, Tarde · mayor es mejor');
    expect(within(download).getByRole('list', { name: 'Últimos valores' })).toHaveTextContent('91,46 Mbps');
  });

  it('asks again every 30 s when the address says so, and not before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderScreen(<SmartPerformancePage />, { path: '/smartPerformance', at: '/smartPerformance?refresh=30000' });
    await screen.findByTestId('smart-chart-download');
    expect(asked()).toBe(1);
    expect(screen.getByRole('combobox', { name: 'Refresh' })).toHaveValue('30000');

    await act(() => vi.advanceTimersByTimeAsync(29_000));
    await settled();
    expect(asked()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await vi.waitFor(() => expect(asked()).toBe(2));
    const latest = screen.getByRole('list', { name: 'Latest values' });
    expect(await within(latest).findByText(/92\.46 Mbps/)).toBeInTheDocument();
  });

  it('never asks again with the refresh off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem('nq.refreshInterval', '30000');
    await renderScreen(<SmartPerformancePage />, { path: '/smartPerformance', at: '/smartPerformance?refresh=0' });
    await screen.findByTestId('smart-chart-download');
    expect(screen.getByRole('combobox', { name: 'Refresh' })).toHaveValue('0');

    await act(() => vi.advanceTimersByTimeAsync(11 * 60_000));
    await settled();
    expect(asked()).toBe(1);
  });

  it('keeps the window, grouping and refresh interval chosen in the address, and sets the navbar interval too', async () => {
    const { user, router } = await renderScreen(<SmartPerformancePage />, { path: '/smartPerformance' });
    await screen.findByTestId('smart-chart-download');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Window' }), '30d');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Series by' }), 'isp');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Refresh' }), '60000');

    const search = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(search)).toEqual({ window: '30d', by: 'isp', refresh: '60000' });
    expect(localStorage.getItem('nq.refreshInterval')).toBe('60000');
    expect(api.sent('POST', '/api/smart-performance').at(-1)?.body).toEqual({ window: '30d', grouping: 'isp' });
  });

  it("marks the configuration changes of the dashboards' window on the charts drawn, linking to their history", async () => {
    const moved = {
      at: '2026-11-24T10:00:00.000Z',
      kind: 'probe',
      entityId: 'mad001',
      entityName: 'Madrid 1',
      event: 'ProbeUpdated',
      fields: ['campaign'],
    };
    api.post('/api/graphic/change-markers', { list: [moved], count: 1, capped: false });
    await renderScreen(<SmartPerformancePage />, { path: '/smartPerformance' });

    const download = await screen.findByTestId('smart-chart-download');
    const marker = await within(download).findByTestId('change-marker');
    expect(within(marker).getByRole('link')).toHaveAttribute(
      'href',
      expect.stringContaining('/settings_history?kind=probe&id=mad001'),
    );
    expect(api.sent('POST', '/api/graphic/change-markers')[0]?.body).toEqual({
      tsStart: '2026-11-18T12:00:00.000Z',
      tsEnd: '2026-11-25T12:00:00.000Z',
    });
  });

  it('says in place when the dashboards cannot be read', async () => {
    api.post('/api/smart-performance', answer(500, { code: 'internal.error', message: 'Internal error' }));
    await renderScreen(<SmartPerformancePage />, { path: '/smartPerformance', language: 'es' });
    expect(await screen.findByTestId('form-error')).toHaveTextContent(
      'No se han podido cargar los datos de rendimiento inteligente.',
    );
  });
});
