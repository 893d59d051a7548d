import { screen, waitFor, within } from '@testing-library/react';
import { createRef } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { layOutCharts } from '../../../shared/testing/chart-layout.ts';
import { type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { fakeGraphicPlatform } from '../../../shared/testing/fake-graphic-platform.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import { download, graphic } from './dashboards-fixtures.ts';
import { GraphicTile } from './GraphicTile.tsx';

// A dashboard's graphic, enlarged, names what reproduces its numbers and reproduces them; the tile keeps the latest.

const tile = graphic('g-count', 'Downloads measured', {
  kpi: 'download',
  graphicType: 'table',
  granularity: 'no_granularity',
  metric: 'count',
});

let api: FakeApi;
beforeEach(() => {
  layOutCharts({ width: 360 });
  api = fakeApi()
    .get('/api/types/all/kpis', { category: 'all', list: [download] })
    .post('/api/graphic', fakeGraphicPlatform({ narrowedSince: true }).route);
  signIn(api, testProfile({ rol: 'admin', timeZone: 'Europe/Madrid' }));
});

const drawTile = () =>
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
  );
const graphicAsks = () => api.sent('POST', '/api/graphic');
const countIn = (where: HTMLElement) => within(where).getAllByRole('row')[1]?.textContent;

describe('A dashboard graphic, enlarged', () => {
  it('reproduces its numbers: Reproduce asks its query at its position, the warning shows, Latest unpins', async () => {
    const { user } = await drawTile();
    const region = await screen.findByRole('region', { name: 'Downloads measured' });
    await within(region).findByRole('table');
    // The tile itself has no room for it.
    expect(within(region).queryByTestId('chart-reproduction')).toBeNull();

    await user.click(within(region).getByRole('button', { name: 'Enlarge Downloads measured' }));
    const dialog = await screen.findByRole('dialog', { name: 'Downloads measured' });
    const line = await within(dialog).findByTestId('chart-reproduction');
    expect(line).toHaveTextContent(
      'Reproducible as: data received until Dec 7, 2026, 3:41 PM, configuration position 811:3',
    );
    expect(countIn(dialog)).toContain('41');

    await user.click(within(line).getByRole('button', { name: 'Reproduce' }));
    await waitFor(() => expect(graphicAsks()).toHaveLength(2));
    expect(graphicAsks()[1]!.query.get('asOf')).toBe('811:3');
    expect(graphicAsks()[1]!.body).toEqual({ ...tile.request, receivedUntil: '2026-12-07T14:41:30.250Z' });
    await waitFor(() => expect(within(dialog).getByTestId('chart-reproduction')).toHaveTextContent('Pinned'));
    expect(countIn(dialog)).toContain('41');
    expect(
      await screen.findByText(
        'Your access to the data has narrowed since these numbers were computed: they are answered within what you may see now, and may differ.',
      ),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Latest' }));
    await waitFor(() => expect(graphicAsks()).toHaveLength(3));
    expect(graphicAsks()[2]!.query.get('asOf')).toBeNull();
    expect(graphicAsks()[2]!.body).toEqual(tile.request);
    await waitFor(() => expect(countIn(dialog)).toContain('42'));
    expect(within(dialog).getByRole('button', { name: 'Reproduce' })).toBeInTheDocument();
  });
});
