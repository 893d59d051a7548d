import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueKpi } from '../../../shared/api/kpi-catalogue.ts';
import { fakeClock, untilAtRest } from '../../../shared/testing/clock-at-rest.ts';
import { answer, type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import BenchmarkPage from './BenchmarkPage.tsx';

const kpi = (id: 'download' | 'latency', label: string, unit: string, inverse = false): CatalogueKpi => ({
  id,
  label,
  unit,
  inverse,
  testTypes: [],
  fringes: [],
});
const download = kpi('download', 'Download speed', 'Mbps');
const latency = kpi('latency', 'Latency', 'ms', true);

/** Two ISPs named by the answer's labels, the best first as the API orders them. */
const benchmark: GraphicResponse = {
  kind: 'metric',
  metric: 'avg',
  warnings: [],
  series: [
    { key: { isp: 'provider-orange' }, labels: { isp: 'Orange' }, buckets: [{ key: 'all', count: 12, value: 95.256 }] },
    {
      key: { isp: 'provider-movistar' },
      labels: { isp: 'Movistar' },
      buckets: [{ key: 'all', count: 1500, value: 80 }],
    },
  ],
};

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

let api: FakeApi;
beforeEach(() => {
  api = fakeApi()
    .get('/api/types/all/kpis', { category: 'all', list: [download, latency] })
    .get('/profile/isps', { list: [] })
    .get('/api/providers', { list: [], count: 0, page: 1, pageSize: 25 })
    .get('/api/campaigns-management', { list: [], count: 0, page: 1, pageSize: 25 })
    .get('/technologies/byProgram', { field: 'program', list: [{ value: 'speedtest', technologies: [] }] })
    .post('/api/benchmark', benchmark);
  signIn(api, testProfile({ rol: 'admin' }));
});

describe('Benchmark', () => {
  it("compares the first KPI across ISPs, the best first, in the chart and in a table with the API's numbers", async () => {
    await renderScreen(<BenchmarkPage />, { path: '/benchmark' });
    const table = await screen.findByTestId('comparison-table');
    expect(cellsOf(table)).toEqual([
      ['1', 'Orange', '95.26 Mbps', '12'],
      ['2', 'Movistar', '80 Mbps', '1,500'],
    ]);
    expect(api.sent('POST', '/api/benchmark').at(-1)?.body).toEqual({
      kpi: 'download',
      metric: 'avg',
      granularity: 'no_granularity',
      breakdowns: [],
      by: 'isp',
    });
    expect(screen.getByRole('combobox', { name: 'Chart' })).toHaveValue('bars');
    expect(screen.getByTestId('comparison-chart')).toHaveTextContent('Orange');
  });

  it('asks what its address holds, and keeps each change in the address', async () => {
    const { user, router } = await renderScreen(<BenchmarkPage />, {
      path: '/benchmark',
      at: '/benchmark?kpi=latency&by=provider&technologies=4,5&technologiesCond=exclude&median=true&chart=line',
    });
    await waitFor(() =>
      expect(api.sent('POST', '/api/benchmark').at(-1)?.body).toMatchObject({
        kpi: 'latency',
        by: 'provider',
        technologies: [4, 5],
        technologiesCond: 'exclude',
        median: true,
      }),
    );
    expect(screen.getByRole('combobox', { name: 'Compare by' })).toHaveValue('provider');
    expect(screen.getByRole('combobox', { name: 'Chart' })).toHaveValue('line');
    const table = await screen.findByTestId('comparison-table');
    expect(within(table).getByRole('columnheader', { name: 'Provider' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Metric' }), 'p90');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Breakdown 1' }), 'technology');
    const address = new URLSearchParams(router.state.location.search);
    expect([address.get('metric'), address.get('breakdowns'), address.get('by')]).toEqual([
      'p90',
      'technology',
      'provider',
    ]);
    await waitFor(() =>
      expect(api.sent('POST', '/api/benchmark').at(-1)?.body).toMatchObject({
        metric: 'p90',
        breakdowns: ['technology'],
      }),
    );
    // The compared dimension is not offered again as a further breakdown.
    const options = within(screen.getByRole('combobox', { name: 'Breakdown 1' })).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('value'))).not.toContain('provider');
  });

  it('says when nothing matches, and refuses dates outside the profile before asking', async () => {
    api.post('/api/benchmark', { ...benchmark, series: [] });
    signIn(api, testProfile({ tsStart: '2026-01-01T00:00:00Z', tsEnd: '2026-12-31T23:59:59Z' }));
    await renderScreen(<BenchmarkPage />, { path: '/benchmark', at: '/benchmark?tsStart=2026-02-01' });
    expect(await screen.findByTestId('comparison-empty')).toHaveTextContent('No data for selected values');

    const asked = api.sent('POST', '/api/benchmark').length;
    await renderScreen(<BenchmarkPage />, { path: '/benchmark', at: '/benchmark?tsStart=2025-06-01' });
    expect(await screen.findByText(/Choose dates between Jan 1, 2026 and Dec 31, 2026/)).toBeInTheDocument();
    expect(api.sent('POST', '/api/benchmark')).toHaveLength(asked);
  });

  it('shows a refusal in place and as a toast, in the interface language', async () => {
    api.post('/api/benchmark', answer(422, { code: 'profiles.outOfDateLimits' }));
    await renderScreen(<BenchmarkPage />, { path: '/benchmark', language: 'es' });
    const message = 'Las fechas solicitadas están fuera de los límites de fechas de tu perfil.';
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
  });
  it('shows the progress of a comparison still asked after a second, which Cancel aborts and Run again asks anew', async () => {
    fakeClock();
    try {
      const answered = vi.mocked(fetch);
      const signals: AbortSignal[] = [];
      vi.stubGlobal('fetch', (input: string, init: RequestInit) => {
        if (String(input).split('?')[0] !== '/api/benchmark') return answered(input, init);
        signals.push(init.signal as AbortSignal);
        // Never answers: years of a national panel read raw.
        return new Promise(() => undefined);
      });
      api.post('/api/benchmark/coverage', { source: 'raw', months: 36, uncoverable: ['outliers'] });
      const progress = () => screen.queryByRole('region', { name: 'Query in progress' });
      await renderScreen(<BenchmarkPage />, {
        path: '/benchmark',
        at: '/benchmark?kpi=latency&by=provider&outliers=true',
      });
      await untilAtRest(() => signals.length === 1 && api.sent('POST', '/api/benchmark/coverage').length === 1);
      expect(progress()).toBeNull();
      for (let step = 0; step < 12; step++) await act(() => vi.advanceTimersByTimeAsync(100));
      await untilAtRest(() => screen.queryByTestId('query-source'));
      const shown = within(progress()!);
      expect(shown.getByTestId('query-source')).toHaveTextContent('Reading 36 months of raw measurements');
      expect(shown.getByText('No cube can answer it: it removes outliers.')).toBeInTheDocument();
      // The coverage of the screen's own body.
      expect(api.sent('POST', '/api/benchmark/coverage')[0]?.body).toMatchObject({
        kpi: 'latency',
        by: 'provider',
        outliers: true,
      });

      fireEvent.click(shown.getByRole('button', { name: 'Cancel' }));
      await untilAtRest(() => screen.queryByText('Query cancelled.'));
      expect(signals[0]?.aborted).toBe(true);
      await untilAtRest(() => !screen.queryByText('Loading…'));

      fireEvent.click(screen.getByRole('button', { name: 'Run again' }));
      await untilAtRest(() => signals.length === 2);
      expect(signals[1]?.aborted).toBe(false);
      expect(screen.queryByText('Query cancelled.')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
