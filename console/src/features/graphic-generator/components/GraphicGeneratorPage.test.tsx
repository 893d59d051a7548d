import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueKpi } from '../../../shared/api/kpi-catalogue.ts';
import { fakeClock, untilAtRest } from '../../../shared/testing/clock-at-rest.ts';
import { answer, type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import { AdvancedGraphicGeneratorPage, BasicGraphicGeneratorPage } from './GraphicGeneratorPage.tsx';

const kpi = (id: CatalogueKpi['id'], label: string, unit: string): CatalogueKpi => ({
  id,
  label,
  unit,
  inverse: false,
  testTypes: [],
  fringes: [],
});
const catalogue = [kpi('download', 'Download speed', 'Mbps'), kpi('latency', 'Latency', 'ms')];
const bars: GraphicResponse = {
  kind: 'metric',
  metric: 'avg',
  warnings: [],
  series: [{ key: {}, buckets: [{ key: 'all', count: 3, value: 42 }] }],
};
const nothing: GraphicResponse = { kind: 'metric', metric: 'avg', warnings: [], series: [] };

let api: FakeApi;
beforeEach(() => {
  api = fakeApi().get('/api/types/all/kpis', { category: 'all', list: catalogue }).post('/api/graphic', bars);
  signIn(api);
});

const basic = (query = '') =>
  renderScreen(<BasicGraphicGeneratorPage />, {
    path: '/basic_graphic_generator',
    at: `/basic_graphic_generator${query}`,
  });
const advanced = (query = '') =>
  renderScreen(<AdvancedGraphicGeneratorPage />, {
    path: '/advanced_graphic_generator',
    at: `/advanced_graphic_generator${query}`,
  });
const typeNames = () =>
  within(screen.getByRole('group', { name: 'Graph type' }))
    .getAllByRole('radio')
    .map((radio) => radio.closest('label')?.textContent);

describe('graphic generators', () => {
  it('offer the basic types in the basic generator, boxplot and scatterplot besides in the advanced one', async () => {
    const { unmount } = await basic();
    expect(typeNames()).toEqual(['Area', 'Bars', 'Linear', 'Pie', 'Table']);
    unmount();
    await advanced();
    expect(typeNames()).toEqual(['Area', 'Bars', 'Boxplot', 'Linear', 'Pie', 'Scatterplot', 'Table']);
  });

  it('start as the configuration and generate the graphic of it; back to the configuration keeps the filters', async () => {
    const { user, router } = await basic();
    await screen.findByRole('option', { name: 'Latency (ms)' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'KPI' }), 'latency');
    await user.click(screen.getByRole('radio', { name: 'Linear' }));
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    expect(await screen.findByTestId('generator-chart')).toBeInTheDocument();
    expect(api.sent('POST', '/api/graphic').at(-1)?.body).toMatchObject({
      generator: 'basic',
      graphicType: 'line',
      kpi: 'latency',
      display: { orientation: 'vertical', showLegend: true },
    });
    expect(router.state.location.search).toContain('view=graphic');

    await user.click(screen.getByRole('button', { name: 'Back to configuration' }));
    expect(screen.getByRole('combobox', { name: 'KPI' })).toHaveValue('latency');
    expect(screen.getByRole('radio', { name: 'Linear' })).toBeChecked();
  });

  it('ask whether to keep or clear the filters when the type changes while some are set', async () => {
    const { user } = await basic('?tsStart=2026-03-01&kpi=latency');
    await user.click(screen.getByRole('radio', { name: 'Pie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the graph type' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the filters' }));
    expect(screen.getByRole('radio', { name: 'Pie' })).toBeChecked();
    expect(screen.getByLabelText('From')).toHaveValue('2026-03-01');

    await user.click(screen.getByRole('radio', { name: 'Area' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Change the graph type' })).getByRole('button', {
        name: 'Clear them',
      }),
    );
    expect(screen.getByRole('radio', { name: 'Area' })).toBeChecked();
    expect(screen.getByLabelText('From')).toHaveValue('');
    // The KPI is the graphic's data, not a filter: a compatible type keeps it.
    expect(screen.getByRole('combobox', { name: 'KPI' })).toHaveValue('latency');
  });

  it('reset the data picked when the new type plots other data (a KPI chart to a boxplot)', async () => {
    const { user, router } = await advanced('?kpi=latency');
    await screen.findByRole('option', { name: 'Latency (ms)' });
    await user.click(screen.getByRole('radio', { name: 'Boxplot' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'KPI' })).not.toBeInTheDocument();
    expect(router.state.location.search).not.toContain('kpi=');
    const value = screen.getByRole('combobox', { name: 'Value field' });
    expect(value).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();

    await user.selectOptions(value, 'download');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() =>
      expect(api.sent('POST', '/api/graphic').at(-1)?.body).toMatchObject({
        generator: 'advanced',
        graphicType: 'boxplot',
        axes: { value: 'download' },
      }),
    );
    expect(api.sent('POST', '/api/graphic').at(-1)?.body).not.toHaveProperty('kpi');
  });

  it('say a scatterplot field is required only once the user has been to it, Generate disabled meanwhile', async () => {
    const { user } = await advanced();
    await screen.findByRole('option', { name: 'Latency (ms)' });
    await user.click(screen.getByRole('radio', { name: 'Scatterplot' }));
    const x = screen.getByRole('combobox', { name: 'X axis field' });
    const y = screen.getByRole('combobox', { name: 'Y axis field' });
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
    expect(x).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
    expect(screen.getByRole('note')).toHaveTextContent('Complete the fields marked to generate the graphic.');

    await user.click(x);
    await user.click(y);
    expect(x).toHaveAttribute('aria-invalid', 'true');
    expect(y).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByText('This field is required.')).toHaveLength(1);

    await user.selectOptions(x, 'download');
    await user.selectOptions(y, 'latency');
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  it('abort the running request when a filter changes', async () => {
    const answered = vi.mocked(fetch);
    const signals: AbortSignal[] = [];
    vi.stubGlobal('fetch', (input: string, init: RequestInit) => {
      if (String(input).split('?')[0] !== '/api/graphic') return answered(input, init);
      const signal = init.signal as AbortSignal;
      signals.push(signal);
      // Never answers: it only ends when aborted, as a slow engine query would.
      return new Promise((_, reject) =>
        signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
      );
    });
    const { user } = await basic('?view=graphic&kpi=download');
    await waitFor(() => expect(signals).toHaveLength(1));
    expect(signals[0]?.aborted).toBe(false);

    await user.click(screen.getByText('Filters', { selector: 'summary' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Metric' }), 'max');
    await waitFor(() => expect(signals).toHaveLength(2));
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
  });

  it('show the progress of a graphic still asked after a second, which Cancel aborts', async () => {
    fakeClock();
    try {
      const answered = vi.mocked(fetch);
      const signals: AbortSignal[] = [];
      vi.stubGlobal('fetch', (input: string, init: RequestInit) => {
        if (String(input).split('?')[0] !== '/api/graphic') return answered(input, init);
        signals.push(init.signal as AbortSignal);
        return new Promise(() => undefined);
      });
      api.post('/api/graphic/coverage', {
        source: 'raw',
        months: 84,
        suggestion: { name: 'daily-download', grain: 'day', timeZone: 'Etc/UTC', dimensions: [], kpis: ['download'] },
      });
      await basic('?view=graphic&kpi=download');
      await untilAtRest(() => signals.length === 1 && api.sent('POST', '/api/graphic/coverage').length === 1);
      expect(screen.queryByRole('region', { name: 'Query in progress' })).toBeNull();
      for (let step = 0; step < 12; step++) await act(() => vi.advanceTimersByTimeAsync(100));
      await untilAtRest(() => screen.queryByTestId('query-source'));
      const progress = within(screen.getByRole('region', { name: 'Query in progress' }));
      expect(progress.getByTestId('query-source')).toHaveTextContent('Reading 84 months of raw measurements');
      expect(progress.getByTestId('cube-suggestion')).toHaveTextContent(
        'A daily cube of the totals for download speed would answer this in milliseconds. An administrator can create it.',
      );
      expect(api.sent('POST', '/api/graphic/coverage')[0]?.body).toMatchObject({ kpi: 'download', generator: 'basic' });

      fireEvent.click(progress.getByRole('button', { name: 'Cancel' }));
      await untilAtRest(() => screen.queryByText('Query cancelled.'));
      expect(signals[0]?.aborted).toBe(true);
      // Pending no more: the spinner gives way to the cancellation.
      await untilAtRest(() => !screen.queryByText('Loading…'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('say there is no data for the selected values in place of an empty graphic', async () => {
    api.post('/api/graphic', nothing);
    await basic('?view=graphic&kpi=download');
    expect(await screen.findByTestId('generator-empty')).toHaveTextContent('No data for selected values');
    expect(screen.queryByTestId('generator-chart')).not.toBeInTheDocument();
  });

  it("show the catalogue's message when the graphic cannot be generated", async () => {
    api.post('/api/graphic', answer(500, { code: 'generic.error', message: 'boom' }));
    await basic('?view=graphic&kpi=download');
    expect(await screen.findByTestId('generator-error')).toHaveTextContent('Could not generate the graphic.');
  });
});
