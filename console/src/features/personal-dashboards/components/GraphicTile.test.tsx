import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import { screen, waitFor, within } from '@testing-library/react';
import { createRef } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { drawnTexts, layOutCharts } from '../../../shared/testing/chart-layout.ts';
import { fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import { download, graphic } from './dashboards-fixtures.ts';
import { GraphicTile } from './GraphicTile.tsx';

/** Download by weekday of two providers, with the colours configured for them. */
const byProvider: GraphicResponse = {
  kind: 'metric',
  metric: 'avg',
  warnings: [],
  series: [
    {
      key: { isp: 'p-orange' },
      labels: { isp: 'Orange' },
      colours: { isp: '#ff7900' },
      buckets: [1, 2, 3].map((key) => ({ key, count: 4, value: 610 + key * 30 })),
    },
    {
      key: { isp: 'p-digi' },
      labels: { isp: 'Digi' },
      colours: { isp: '#1e3a8a' },
      buckets: [1, 2, 3].map((key) => ({ key, count: 4, value: 395 + key * 25 })),
    },
  ],
};
const tile = graphic('g-isp', 'Download by provider', {
  kpi: 'download',
  graphicType: 'bars',
  granularity: 'weekday',
  breakdowns: ['isp'],
});

beforeEach(() => {
  layOutCharts({ width: 360 });
  signIn(
    fakeApi()
      .get('/api/types/all/kpis', { category: 'all', list: [download] })
      .post('/api/graphic', byProvider),
  );
});

describe('A dashboard tile', () => {
  it('draws its graphic as the generator does: a legend naming each provider in its colour, the unit, whole labels', async () => {
    await renderScreen(
      <GraphicTile
        graphic={tile}
        layout={tile.layout}
        request={tile.request}
        grid={createRef()}
        editable={false}
        filtersNotApplied={false}
        onPreview={() => {}}
        onCommit={() => {}}
        onDelete={() => {}}
      />,
    );
    const region = await screen.findByRole('region', { name: 'Download by provider' });

    // The value axis: every label whole within the drawing, however wide the number, and its unit beside them.
    const drawing = await within(region).findByTestId('chart-drawing');
    await waitFor(() => expect(drawnTexts(drawing).map((text) => text.text)).toContain('Monday'));
    // Its labels end at the axis; the weekdays stand centred under their bars.
    const valueLabels = drawnTexts(drawing).filter((text) => !text.turned && text.anchor === 'end');
    expect(valueLabels.map((label) => label.text)).toEqual(['0', '100', '200', '300', '400', '500', '600', '700']);
    for (const label of valueLabels)
      expect(label.left, `"${label.text}" starts within the drawing`).toBeGreaterThanOrEqual(0);
    const unit = drawnTexts(drawing).find((text) => text.text === 'Mbps');
    expect(unit?.turned).toBe(true);
    expect(unit!.left).toBeGreaterThanOrEqual(0);
    for (const label of valueLabels) expect(unit!.right).toBeLessThanOrEqual(label.left);

    // Which bar is which provider: the legend, each entry in the provider's colour.
    const legend = within(region).getByRole('list', { name: 'Series' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Orange', 'Digi']);
    expect(within(legend).getByRole('button', { name: 'Change the colour of Orange' })).toHaveStyle({
      backgroundColor: '#ff7900',
    });
    expect(within(legend).getByRole('button', { name: 'Change the colour of Digi' })).toHaveStyle({
      backgroundColor: '#1e3a8a',
    });
  });
});
