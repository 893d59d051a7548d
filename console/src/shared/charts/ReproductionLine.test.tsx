import type { Reproduction } from '@nq/contracts/analytics/query-result';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { layOutCharts } from '../testing/chart-layout.ts';
import { fakeApi } from '../testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../testing/render-screen.tsx';
import type { ChartData } from './chart-model.ts';
import { GraphicChart } from './GraphicChart.tsx';

const data: ChartData = {
  axis: { kind: 'category', values: ['All'], title: 'Provider' },
  series: [{ id: 's0', name: 'Movistar', values: [41] }],
};
const reproduce: Reproduction = {
  asOf: '811:3',
  receivedUntil: '2026-12-07T14:41:30.250Z',
  query: { kpi: 'download', receivedUntil: '2026-12-07T14:41:30.250Z' },
};

beforeEach(() => {
  layOutCharts({ width: 400 });
  // The instant is written in the profile's time zone (Madrid: UTC+1 in December).
  signIn(fakeApi(), testProfile({ timeZone: 'Europe/Madrid' }));
});

describe("A chart's reproduction line", () => {
  it('names the data received until and the configuration position; Reproduce pins them', async () => {
    const onPin = vi.fn();
    const { user } = await renderScreen(
      <GraphicChart title="Count" type="table" data={data} reproduction={{ reproduce, pinned: false, onPin }} />,
    );
    const line = await screen.findByTestId('chart-reproduction');
    expect(line).toHaveTextContent(
      'Reproducible as: data received until Dec 7, 2026, 3:41 PM, configuration position 811:3Reproduce',
    );
    await user.click(within(line).getByRole('button', { name: 'Reproduce' }));
    expect(onPin).toHaveBeenCalledWith({ asOf: '811:3', receivedUntil: '2026-12-07T14:41:30.250Z' });
  });

  it('says when a cube served the numbers: Reproduce reads the raw measurements, the numbers to publish', async () => {
    const served = { ...reproduce, servedBy: 'daily' };
    await renderScreen(
      <GraphicChart
        title="Count"
        type="table"
        data={data}
        reproduction={{ reproduce: served, pinned: false, onPin: vi.fn() }}
      />,
    );
    expect(await screen.findByTestId('chart-reproduction-cube')).toHaveTextContent(
      'Read from the cube daily. Reproduce reads the raw measurements received until then',
    );
  });

  it('pinned, the numbers shown are the raw ones: no word of the cube', async () => {
    const served = { ...reproduce, servedBy: 'daily' };
    await renderScreen(
      <GraphicChart
        title="Count"
        type="table"
        data={data}
        reproduction={{ reproduce: served, pinned: true, onPin: vi.fn() }}
      />,
    );
    await screen.findByTestId('chart-reproduction');
    expect(screen.queryByTestId('chart-reproduction-cube')).toBeNull();
  });

  it('pinned, says so and offers the latest numbers, in Spanish too', async () => {
    const onPin = vi.fn();
    const { user } = await renderScreen(
      <GraphicChart title="Recuento" type="table" data={data} reproduction={{ reproduce, pinned: true, onPin }} />,
      { language: 'es' },
    );
    const line = await screen.findByTestId('chart-reproduction');
    expect(line).toHaveTextContent(
      'Reproducible como: datos recibidos hasta 7 dic 2026, 15:41, posición de la configuración 811:3FijadoLo más reciente',
    );
    await user.click(within(line).getByRole('button', { name: 'Lo más reciente' }));
    expect(onPin).toHaveBeenCalledWith(undefined);
  });

  it('is left out of tiles (compact or fitted charts)', async () => {
    await renderScreen(
      <GraphicChart
        title="Count"
        type="table"
        data={data}
        fitted
        reproduction={{ reproduce, pinned: false, onPin: vi.fn() }}
      />,
    );
    await screen.findByRole('table');
    expect(screen.queryByTestId('chart-reproduction')).toBeNull();
  });
});
