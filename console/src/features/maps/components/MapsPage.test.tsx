import type { QueryCoverage } from '@nq/contracts/analytics/query-coverage';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeClock, timePasses, untilAtRest } from '../../../shared/testing/clock-at-rest.ts';
import { type FakeApi, fakeApi, heldAnswers, pagedList, type SentRequest } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import { automaticCellLevel } from '../model/cell-size.ts';
import { cellsBounds } from '../model/map-cells.ts';
import MapsPage from './MapsPage.tsx';
import { lastMap, shownMaps } from './map-stand-in.tsx';

vi.mock('./LazyMap.tsx', async () => ({ LazyMap: (await import('./map-stand-in.tsx')).MapStandIn }));

/** The demo fleet's area (Madrid): where the answers' samples are. */
const area = { west: -3.83, south: 40.33, east: -3.58, north: 40.52 };
const total = 7_831;

/** The tiles of a zoom level that hold samples of the area: each one of them, every x and y it spans. */
function tilesOver(zoom: number) {
  const tiles = 2 ** zoom;
  const x = (lon: number) => Math.floor(((lon + 180) / 360) * tiles);
  const y = (lat: number) => {
    const sine = Math.sin((lat * Math.PI) / 180);
    return Math.floor((0.5 - Math.log((1 + sine) / (1 - sine)) / (4 * Math.PI)) * tiles);
  };
  const found = [];
  for (let column = x(area.west); column <= x(area.east); column++)
    for (let row = y(area.north); row <= y(area.south); row++)
      found.push({
        key: `${zoom}/${column}/${row}`,
        x: column,
        y: row,
        count: 10,
        value: 50 + ((column + row) % 7) * 10,
        center: { lat: 40.4, lon: -3.7 },
      });
  return found;
}

const maps = (request: SentRequest) =>
  request.query.get('count') === 'true'
    ? { total, limit: 50_000, warnings: [] }
    : {
        total,
        limit: 50_000,
        zoom: (request.body as { zoom: number }).zoom,
        tiles: tilesOver((request.body as { zoom: number }).zoom),
        campaigns: [],
        warnings: [],
      };

describe('maps page', () => {
  let api: FakeApi;
  beforeEach(() => {
    shownMaps.length = 0;
    api = fakeApi();
    signIn(api);
    api
      .get('/api/types/all/kpis', {
        category: 'all',
        list: [{ id: 'download', label: 'Download speed', unit: 'Mbps', inverse: false, testTypes: [], fringes: [] }],
      })
      .get('/api/campaigns-management/', pagedList([]))
      .post('/maps', maps);
  });

  /** The page, once its KPIs have come (before them, Show map says a KPI is required). */
  const openPage = async () => {
    const screenShown = await renderScreen(<MapsPage />, { path: '/maps' });
    await screen.findByRole('option', { name: 'Download speed (Mbps)' });
    return screenShown;
  };
  /** The levels the page asked for tiles at, in order. */
  const tileLevels = () =>
    api
      .sent('POST', '/maps')
      .filter((request) => request.query.get('count') !== 'true')
      .map((request) => (request.body as { zoom: number }).zoom);

  it('cannot be asked for a map before its KPIs have come (it would be refused for want of the KPI it shows)', async () => {
    let answerKpis = () => {};
    const kpisCame = new Promise<void>((resolve) => {
      answerKpis = resolve;
    });
    api.get('/api/types/all/kpis', async () => {
      await kpisCame;
      return {
        category: 'all',
        list: [{ id: 'download', label: 'Download speed', unit: 'Mbps', inverse: false, testTypes: [], fringes: [] }],
      };
    });
    await renderScreen(<MapsPage />, { path: '/maps' });
    expect(screen.getByRole('button', { name: 'Show map' })).toBeDisabled();
    answerKpis();
    await screen.findByRole('option', { name: 'Download speed (Mbps)' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Show map' })).toBeEnabled());
  });

  it('cuts the samples into cells of a size that suits their area and number, and fits the map to them', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Show map' }));
    const expected = automaticCellLevel(area, total);
    expect(await screen.findByText(new RegExp(`zoom level ${expected}, chosen for the area`))).toBeTruthy();
    const cells = tilesOver(expected);
    expect(screen.getByText(`${total} samples in ${cells.length} cells`, { exact: false })).toBeTruthy();
    expect(cells.length).toBeGreaterThanOrEqual(50);
    // The cells were asked for at that level last; the first looks only bounded the samples.
    expect(tileLevels().at(-1)).toBe(expected);
    expect(tileLevels().length).toBeLessThanOrEqual(4);
    // The map fits the cells it draws, not the default centre.
    await waitFor(() => expect(lastMap()?.view.fit?.bounds).toEqual(cellsBounds(cells, expected)));
    expect(lastMap()?.layers.flatMap((layer) => layer.points)).toHaveLength(cells.length);
  });

  it('keeps the cell size the user chooses', async () => {
    const { user } = await openPage();
    await user.selectOptions(screen.getByLabelText('Cell size'), 'Zoom level 12');
    await user.click(screen.getByRole('button', { name: 'Show map' }));
    expect(await screen.findByText(/· zoom level 12$/)).toBeTruthy();
    expect(tileLevels()).toEqual([12]);
    await waitFor(() => expect(lastMap()?.view.fit?.bounds).toEqual(cellsBounds(tilesOver(12), 12)));
  });

  describe('asked over years of located measurements', () => {
    // No cube keeps locations: a map reads raw measurements, which its progress says.
    const coverage: QueryCoverage = { source: 'raw', months: 14, uncoverable: ['located'] };
    const progress = () => screen.queryByRole('region', { name: 'Query in progress' });
    const counts = () => api.sent('POST', '/maps').filter((request) => request.query.get('count') === 'true');
    beforeEach(() => {
      api.post('/maps/coverage', coverage);
    });
    afterEach(() => vi.useRealTimers());

    it('shows its progress after a second, the raw months it reads and why no cube can answer it', async () => {
      api.post('/maps', heldAnswers().route);
      await openPage();
      fakeClock();
      fireEvent.click(screen.getByRole('button', { name: 'Show map' }));
      await untilAtRest(() => counts().length === 1 && api.sent('POST', '/maps/coverage').length === 1);
      expect(progress()).toBeNull();
      await timePasses(1_200);
      await untilAtRest(() => screen.queryByTestId('query-source'));
      const shown = within(progress()!);
      expect(shown.getByRole('timer')).toHaveTextContent('Running for 1 second');
      expect(shown.getByTestId('query-source')).toHaveTextContent('Reading 14 months of raw measurements');
      expect(shown.getByText('No cube can answer it: it reads located measurements only.')).toBeInTheDocument();
      expect(shown.queryByTestId('cube-suggestion')).toBeNull();
      // The coverage of the map's own body.
      expect(api.sent('POST', '/maps/coverage')[0]?.body).toEqual(counts()[0]?.body);
      expect(counts()[0]?.body).toMatchObject({ kpi: 'download', metric: 'avg' });
    });

    it('is cancelled by Cancel: its request is aborted; Run again asks anew', async () => {
      api.post('/maps', heldAnswers().route);
      await openPage();
      fakeClock();
      fireEvent.click(screen.getByRole('button', { name: 'Show map' }));
      await untilAtRest(() => counts().length === 1);
      await timePasses(1_200);
      expect(counts()[0]?.signal?.aborted).toBe(false);

      fireEvent.click(within(progress()!).getByRole('button', { name: 'Cancel' }));
      await untilAtRest(() => screen.queryByText('Query cancelled.'));
      expect(counts()[0]?.signal?.aborted).toBe(true);
      expect(progress()).toBeNull();
      await untilAtRest(() => screen.getByRole('button', { name: 'Show map' }).hasAttribute('disabled') === false);

      fireEvent.click(screen.getByRole('button', { name: 'Run again' }));
      await untilAtRest(() => counts().length === 2);
      expect(counts()[1]?.signal?.aborted).toBe(false);
      expect(screen.queryByText('Query cancelled.')).toBeNull();
    });

    it('shows nothing of it when the map is answered within the second', async () => {
      const [counted, tiled] = [heldAnswers(), heldAnswers()];
      api.post('/maps', (request) => (request.query.get('count') === 'true' ? counted : tiled).route());
      const { user } = await openPage();
      await user.selectOptions(screen.getByLabelText('Cell size'), 'Zoom level 12');
      fakeClock();
      fireEvent.click(screen.getByRole('button', { name: 'Show map' }));
      await untilAtRest(() => counts().length === 1);
      await timePasses(300);
      counted.answer({ total, limit: 50_000, warnings: [] });
      await untilAtRest(() => api.sent('POST', '/maps').length === 2);
      await timePasses(300);
      tiled.answer(maps(api.sent('POST', '/maps')[1]!));
      await untilAtRest(() => screen.queryByText(/· zoom level 12$/));
      await timePasses(2_000);
      expect(progress()).toBeNull();
      expect(screen.queryByText('Query cancelled.')).toBeNull();
    });
  });
});
