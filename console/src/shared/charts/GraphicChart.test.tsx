import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawnTexts, layOutCharts } from '../testing/chart-layout.ts';
import { renderScreen } from '../testing/render-screen.tsx';
import type { ChangeMarker, ChartData } from './chart-model.ts';
import { GraphicChart } from './GraphicChart.tsx';
import { chartDataOf, type GraphicLabels } from './graphic-data.ts';

const data: ChartData = {
  axis: { kind: 'category', values: ['Monday', 'Tuesday'], title: 'Weekday' },
  series: [
    { id: 's0', name: 'Movistar', values: [12.5, 14] },
    { id: 's0_globalAverage', name: 'Movistar · global average', kind: 'globalAverage', colourOf: 0, values: [13, 13] },
    { id: 's1', name: 'Orange', values: [9, null] },
  ],
};
const format = (value: number) => value.toFixed(1);

/** The text of every file the chart hands the browser to download. */
function downloads() {
  const saved: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.push(blob as Blob);
    return 'blob:chart';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  return saved;
}

describe('GraphicChart', () => {
  beforeEach(() => {
    localStorage.clear();
    layOutCharts({ width: 400 });
  });
  afterEach(() => vi.restoreAllMocks());

  it('draws a table type as an accessible table, and exports the same numbers as CSV', async () => {
    const saved = downloads();
    const { user } = await renderScreen(
      <GraphicChart title="Download — Average" type="table" data={data} unit="Mbps" format={format} />,
    );
    const table = screen.getByRole('table', { name: 'Download — Average' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Weekday', 'Movistar', 'Movistar · global average', 'Orange']);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Monday12.5 Mbps13.0 Mbps9.0 Mbps');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    // The CSV's format is asked first: an English interface's defaults (commas, decimal points, no byte-order mark).
    const dialog = screen.getByRole('dialog', { name: 'Download — Average as CSV' });
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(saved).toHaveLength(1);
    expect(await saved[0]!.text()).toBe(
      'Weekday,Movistar,Movistar · global average,Orange\nMonday,12.5,13,9\nTuesday,14,13,',
    );
  });

  it('exports the CSV as Excel in Spanish opens it in a Spanish interface, its headers in the language asked for', async () => {
    const saved = downloads();
    const instants: ChartData = {
      axis: { kind: 'time', values: [Date.parse('2026-10-01T10:00:00Z')], timeZone: 'Europe/Madrid' },
      series: [{ id: 's0', name: 'Movistar', values: [12.5] }],
    };
    const { user } = await renderScreen(
      <GraphicChart title="Descarga" type="table" data={instants} format={format} />,
      {
        language: 'es',
      },
    );
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    const dialog = screen.getByRole('dialog', { name: 'Descarga en CSV' });
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Zona horaria de fechas y horas' }),
      'Europe/Madrid',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Descargar' }));
    const bytes = new Uint8Array(await saved[0]!.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.subarray(3))).toBe('Categoría;Movistar\n2026-10-01T12:00:00+02:00;12,5');

    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Encabezados de columna en' }), 'en');
    await user.click(screen.getByRole('checkbox', { name: /marca de orden de bytes/ }));
    await user.click(screen.getByRole('button', { name: 'Descargar' }));
    expect(await saved[1]!.text()).toBe('Category;Movistar\n2026-10-01T12:00:00+02:00;12,5');
  });

  it('hides a series from the legend, by pointer or keyboard, and shows it again', async () => {
    const { user } = await renderScreen(<GraphicChart title="Download" type="table" data={data} format={format} />);
    const legend = screen.getByRole('list', { name: 'Series' });
    const orange = within(legend).getByRole('button', { name: 'Orange' });
    await user.click(orange);
    expect(orange).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('columnheader', { name: 'Orange' })).toBeNull();
    orange.focus();
    await user.keyboard('{Enter}');
    expect(orange).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('columnheader', { name: 'Orange' })).toBeInTheDocument();
  });

  it('describes a drawn chart by its visible series, and leaves a hidden one out', async () => {
    const { user } = await renderScreen(<GraphicChart title="Download" type="line" data={data} format={format} />);
    const drawing = screen.getByRole('img', { name: 'Download' });
    expect(drawing).toHaveAccessibleDescription('Download: line chart of Movistar, Movistar · global average, Orange.');
    await user.click(screen.getByRole('button', { name: 'Movistar · global average' }));
    expect(drawing).toHaveAccessibleDescription('Download: line chart of Movistar, Orange.');
  });

  it('keeps a colour chosen for a series per chart title, averages following their series', async () => {
    const { user, unmount } = await renderScreen(
      <GraphicChart title="Download" type="table" data={data} format={format} />,
    );
    const swatch = screen.getByRole('button', { name: 'Change the colour of Movistar' });
    expect(swatch).toHaveStyle({ backgroundColor: '#2563eb' });
    expect(screen.queryByRole('button', { name: 'Change the colour of Movistar · global average' })).toBeNull();
    await user.click(swatch);
    const dialog = screen.getByRole('dialog', { name: 'Colour of Movistar' });
    expect(within(dialog).getByRole('button', { name: 'Colour 1' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Colour 4' }));
    expect(swatch).toHaveStyle({ backgroundColor: '#dc2626' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(swatch).toHaveFocus();
    unmount();

    await renderScreen(<GraphicChart title="Download" type="table" data={data} format={format} />);
    expect(screen.getByRole('button', { name: 'Change the colour of Movistar' })).toHaveStyle({
      backgroundColor: '#dc2626',
    });
    await renderScreen(<GraphicChart title="Upload" type="table" data={data} format={format} />);
    expect(screen.getAllByRole('button', { name: 'Change the colour of Movistar' }).at(-1)).toHaveStyle({
      backgroundColor: '#2563eb',
    });
  });

  it('lists the changes of a time chart as links to their settings history, in the interface language', async () => {
    const markers: ChangeMarker[] = [
      {
        at: '2026-01-02T10:00:00.000Z',
        kind: 'probe',
        entityId: 'probe-7',
        entityName: 'Retiro landline',
        event: 'ProbeUpdated',
        fields: ['campaign'],
      },
    ];
    const timeData: ChartData = {
      axis: { kind: 'time', values: [Date.parse('2026-01-01'), Date.parse('2026-01-03')], timeZone: 'Etc/UTC' },
      series: [{ id: 's0', name: 'Movistar', values: [1, 2] }],
    };
    const view = await renderScreen(<GraphicChart title="Download" type="line" data={timeData} markers={markers} />);
    const changes = screen.getByRole('region', { name: 'Changes in this period' });
    const [marker] = within(changes).getAllByTestId('change-marker');
    const link = within(marker!).getByRole('link');
    expect(link).toHaveTextContent('Retiro landline · Probe · Changed: campaign · Jan 2, 2026, 10:00 AM');
    expect(link).toHaveAttribute('href', '/settings_history?kind=probe&id=probe-7&asOf=2026-01-02T10%3A00%3A00.000Z');
    view.unmount();

    await renderScreen(<GraphicChart title="Descarga" type="line" data={timeData} markers={markers} />, {
      language: 'es',
    });
    expect(screen.getByTestId('change-marker')).toHaveTextContent(/Retiro landline · Sonda · Cambio: campaña/);
  });

  it('gives each campaign one colour on every chart, whatever its place among the series', async () => {
    const labels: GraphicLabels = {
      single: 'Download',
      value: (_, value) => String(value),
      bucket: String,
      movingAverage: String,
      globalAverage: String,
    };
    const campaigns = [
      ['c-madrid', 'Madrid drive'],
      ['c-sevilla', 'Seville drive'],
      ['c-bilbao', 'Bilbao drive'],
    ];
    const answer = (order: string[][]): GraphicResponse => ({
      kind: 'metric',
      metric: 'avg',
      warnings: [],
      series: order.map(([campaign, name]) => ({
        key: { campaign: campaign! },
        labels: { campaign: name! },
        buckets: [{ key: 'all', count: 1, value: 10 }],
      })),
    });
    const coloursOf = (chart: HTMLElement) =>
      Object.fromEntries(
        campaigns.map(([, name]) => [
          name,
          within(chart).getByRole('button', { name: `Change the colour of ${name}` }).style.backgroundColor,
        ]),
      );
    await renderScreen(
      <>
        <GraphicChart title="Download" type="bars" data={chartDataOf(answer(campaigns), labels)} />
        <GraphicChart title="Upload" type="bars" data={chartDataOf(answer(campaigns.toReversed()), labels)} />
      </>,
    );
    const [first, second] = screen.getAllByTestId('graphic-chart');
    expect(coloursOf(second!)).toEqual(coloursOf(first!));
  });

  it("keeps a compact chart's value labels whole within its drawing, measured in the font they are drawn in", async () => {
    const wide: ChartData = {
      axis: { kind: 'category', values: ['Monday', 'Tuesday'] },
      series: [{ id: 's0', name: 'Download', values: [650, 712] }],
    };
    await renderScreen(<GraphicChart title="Download" type="bars" data={wide} height={130} compact />);
    const drawing = screen.getByTestId('chart-drawing');
    await waitFor(() => expect(drawnTexts(drawing).map((text) => text.text)).toContain('800'));
    const labels = drawnTexts(drawing).filter((text) => text.anchor === 'end');
    expect(labels.map((label) => label.text)).toEqual(['0', '100', '200', '300', '400', '500', '600', '700', '800']);
    for (const label of labels)
      expect(label.left, `"${label.text}" starts within the drawing`).toBeGreaterThanOrEqual(0);
  });

  it('draws no markers list, toolbar or legend on a chart over categories or in compact mode', async () => {
    await renderScreen(<GraphicChart title="Download" type="line" data={data} compact />);
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Series' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Changes in this period' })).toBeNull();
  });
});
