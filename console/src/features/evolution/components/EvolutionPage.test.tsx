import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueKpi } from '../../../shared/api/kpi-catalogue.ts';
import { layOutCharts } from '../../../shared/testing/chart-layout.ts';
import { fakeClock, untilAtRest } from '../../../shared/testing/clock-at-rest.ts';
import { type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
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
const campaign = '9e5e7a54-e3b6-4b6c-b73a-a37c414f2b28';
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** Two probes of a campaign, on days months apart; the answer names the campaign and probes (series labels). */
const evolution: GraphicResponse = {
  kind: 'metric',
  metric: 'avg',
  warnings: [],
  series: [
    {
      key: { campaign, probe: 'seville0' },
      labels: { campaign: 'Seville drive', probe: 'Triana landline' },
      buckets: [
        { key: '2024-01-09T23:00:00.000Z', count: 1, value: 120 },
        { key: '2025-05-19T22:00:00.000Z', count: 1, value: 140.5 },
      ],
    },
    {
      key: { campaign, probe: 'seville1' },
      labels: { campaign: 'Seville drive', probe: 'Nervión landline' },
      buckets: [{ key: '2024-06-02T22:00:00.000Z', count: 2, value: 130 }],
    },
  ],
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi()
    .get('/api/types/all/kpis', { category: 'all', list: [download] })
    .post('/api/evolution', evolution);
});

describe('Evolution', () => {
  it('names the series after the campaign and probe names the answer gives, in a legend of their own', async () => {
    // A mobile profile selects by campaigns: the campaign breakdown is offered to it.
    signIn(api, testProfile({ rol: 'admin', service: 'mobile', timeZone: 'Europe/Madrid' }));
    const { user } = await renderScreen(<EvolutionPage />, { path: '/evolution' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Breakdown 1' }), 'campaign');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Breakdown 2' }), 'probe');

    const legend = await screen.findByRole('list', { name: 'Series' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Seville drive · Triana landline', 'Seville drive · Nervión landline']);
    expect(legend).not.toHaveTextContent(uuid);
    expect(api.sent('POST', '/api/evolution').at(-1)?.body).toMatchObject({ breakdowns: ['campaign', 'probe'] });

    // The data table: a row per day measured (days of the profile's time zone), a column per series.
    await user.click(screen.getByText('Data table'));
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'Seville drive · Triana landline', 'Seville drive · Nervión landline']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Jan 10, 2024', '120 Mbps', ''],
      ['Jun 3, 2024', '', '130 Mbps'],
      ['May 20, 2025', '140.5 Mbps', ''],
    ]);
  });

  it('draws each provider in the colour configured for it, whatever its place among the series', async () => {
    layOutCharts({ width: 600 });
    const days = ['2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z'];
    const provider = (id: string, name: string, colour: string, value: number) => ({
      key: { isp: id },
      labels: { isp: name },
      colours: { isp: colour },
      buckets: days.map((key, index) => ({ key, count: 3, value: value + index })),
    });
    api.post('/api/evolution', {
      kind: 'metric',
      metric: 'avg',
      warnings: [],
      series: [provider('p-orange', 'Orange', '#ff7900', 40), provider('p-digi', 'Digi', '#1e3a8a', 60)],
    } satisfies GraphicResponse);
    signIn(api, testProfile({ rol: 'admin' }));
    const { user } = await renderScreen(<EvolutionPage />, { path: '/evolution' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Breakdown 1' }), 'isp');

    const chart = await screen.findByTestId('evolution-chart');
    const legend = within(chart).getByRole('list', { name: 'Series' });
    expect(within(legend).getByRole('button', { name: 'Change the colour of Orange' })).toHaveStyle({
      backgroundColor: '#ff7900',
    });
    expect(within(legend).getByRole('button', { name: 'Change the colour of Digi' })).toHaveStyle({
      backgroundColor: '#1e3a8a',
    });
    // The lines themselves: a stroke in each provider's colour.
    const drawing = within(chart).getByTestId('chart-drawing');
    const strokes = () =>
      [...drawing.querySelectorAll('svg path[fill="none"]')].map((path) => path.getAttribute('stroke'));
    await vi.waitFor(() => expect(strokes()).toEqual(expect.arrayContaining(['#ff7900', '#1e3a8a'])));
  });

  it('keeps every choice made in quick succession in the address, none undoing another', async () => {
    signIn(api, testProfile({ rol: 'admin' }));
    // Each navigation waits for the page's loader, as the console's guards make it.
    const { router } = await renderScreen(<EvolutionPage />, {
      path: '/evolution',
      loader: () => new Promise((resolve) => setTimeout(() => resolve(null), 30)),
    });
    const windowField = await screen.findByLabelText('Moving average (buckets)');
    // Changes before the router shows the previous one (a navigation is asynchronous).
    fireEvent.change(windowField, { target: { value: '101' } });
    fireEvent.change(windowField, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('From', { exact: true }), { target: { value: '2020-01-01' } });
    fireEvent.change(screen.getByLabelText('To', { exact: true }), { target: { value: '2020-01-02' } });
    await vi.waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        tsStart: '2020-01-01',
        tsEnd: '2020-01-02',
      }),
    );
    expect(windowField).toHaveValue(null);
  });
  it("shows a pinned query's progress after a second, its coverage asked pinned too, and Cancel aborts it", async () => {
    fakeClock();
    try {
      const answered = vi.mocked(fetch);
      const signals: AbortSignal[] = [];
      vi.stubGlobal('fetch', (input: string, init: RequestInit) => {
        if (String(input).split('?')[0] !== '/api/evolution') return answered(input, init);
        signals.push(init.signal as AbortSignal);
        // Never answers: years of a national panel read raw.
        return new Promise(() => undefined);
      });
      api.post('/api/evolution/coverage', {
        source: 'raw',
        months: 84,
        suggestion: {
          name: 'daily-provider-download',
          grain: 'day',
          timeZone: 'Etc/UTC',
          dimensions: ['provider'],
          kpis: ['download'],
        },
      });
      signIn(api, testProfile({ rol: 'admin' }));
      const [asOf, receivedUntil] = ['811:3', '2026-12-07T14:41:30.250Z'];
      await renderScreen(<EvolutionPage />, {
        path: '/evolution',
        at: `/evolution?kpi=download&breakdowns=provider&asOf=${asOf}&receivedUntil=${receivedUntil}`,
      });
      await untilAtRest(() => signals.length === 1 && api.sent('POST', '/api/evolution/coverage').length === 1);
      expect(screen.queryByRole('region', { name: 'Query in progress' })).toBeNull();
      for (let step = 0; step < 12; step++) await act(() => vi.advanceTimersByTimeAsync(100));
      await untilAtRest(() => screen.queryByTestId('query-source'));
      const progress = within(screen.getByRole('region', { name: 'Query in progress' }));
      expect(progress.getByRole('timer')).toHaveTextContent('Running for 1 second');
      expect(progress.getByTestId('query-source')).toHaveTextContent('Reading 84 months of raw measurements');
      expect(progress.getByTestId('cube-suggestion')).toHaveTextContent(
        'A daily cube over provider for download speed would answer this in milliseconds.',
      );
      // The coverage of the screen's own body, pinned as the chart is.
      const [coverage] = api.sent('POST', '/api/evolution/coverage');
      expect(coverage?.body).toMatchObject({ kpi: 'download', breakdowns: ['provider'], receivedUntil });
      expect(coverage?.query.get('asOf')).toBe(asOf);

      fireEvent.click(progress.getByRole('button', { name: 'Cancel' }));
      await untilAtRest(() => screen.queryByText('Query cancelled.'));
      expect(signals[0]?.aborted).toBe(true);
      // Pending no more: the spinner gives way to the cancellation.
      await untilAtRest(() => !screen.queryByText('Loading…'));
    } finally {
      vi.useRealTimers();
    }
  });
});
