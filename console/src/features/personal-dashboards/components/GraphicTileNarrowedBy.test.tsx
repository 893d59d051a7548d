import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import type { Language } from '@nq/contracts/errors/index';
import { screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { layOutCharts } from '../../../shared/testing/chart-layout.ts';
import { type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import { download, graphic } from './dashboards-fixtures.ts';
import { GraphicTile } from './GraphicTile.tsx';

// A dashboard shared with a narrower profile is drawn from the reader's data: the owner's Orange is not the reader's
// to see, and each tile says what the reader's profile narrowed it by.

const movistarOnly: GraphicResponse = {
  kind: 'metric',
  metric: 'avg',
  warnings: [],
  series: [
    {
      key: { isp: 'p-movistar' },
      labels: { isp: 'Movistar' },
      buckets: [1, 2, 3].map((key) => ({ key, count: 4, value: 500 + key })),
    },
  ],
  narrowedBy: {
    restrictions: [
      { kind: 'isp', values: [{ id: 'p-movistar', name: 'Movistar' }] },
      {
        kind: 'technology',
        values: [
          { id: 4, name: '4G' },
          { id: 5, name: '5G' },
        ],
      },
    ],
  },
};
const tile = graphic('g-isp', 'Download by provider', {
  kpi: 'download',
  graphicType: 'bars',
  granularity: 'weekday',
  breakdowns: ['isp'],
  isps: ['p-movistar', 'p-orange'],
});

let api: FakeApi;
beforeEach(() => {
  layOutCharts({ width: 360 });
  api = fakeApi().get('/api/types/all/kpis', { category: 'all', list: [download] });
  signIn(api);
});

const drawTile = (language: Language) =>
  renderScreen(
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
    { language },
  );

describe('A dashboard tile drawn for a narrower profile', () => {
  it("says what the reader's profile narrowed it by, in English", async () => {
    api.post('/api/graphic', movistarOnly);
    await drawTile('en');
    const region = await screen.findByRole('region', { name: 'Download by provider' });
    const note = await within(region).findByText('Computed over your profile: Movistar · 4G, 5G');
    expect(note).toHaveAttribute('role', 'note');
    // One line in the tile, leaving the room to the drawing; the whole text on hover.
    expect(note).toHaveClass('truncate');
    expect(note).toHaveAttribute('title', 'Computed over your profile: Movistar · 4G, 5G');
  });

  it('says it in Spanish', async () => {
    api.post('/api/graphic', movistarOnly);
    await drawTile('es');
    const region = await screen.findByRole('region', { name: 'Download by provider' });
    expect(await within(region).findByText('Calculado sobre tu perfil: Movistar · 4G, 5G')).toBeInTheDocument();
  });

  it('says nothing of the kind when the profile narrowed nothing', async () => {
    const { narrowedBy: _, ...whole } = movistarOnly;
    api.post('/api/graphic', whole);
    await drawTile('en');
    const region = await screen.findByRole('region', { name: 'Download by provider' });
    await within(region).findByTestId('chart-drawing');
    expect(within(region).queryByRole('note')).toBeNull();
  });
});
