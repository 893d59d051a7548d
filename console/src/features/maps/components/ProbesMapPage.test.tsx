import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeApi, fakeApi, heldAnswers } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import { lastMap, shownMaps } from './map-stand-in.tsx';
import ProbesMapPage from './ProbesMapPage.tsx';

vi.mock('./LazyMap.tsx', async () => ({ LazyMap: (await import('./map-stand-in.tsx')).MapStandIn }));
const preloaded = vi.hoisted(() => ({ times: 0 }));
vi.mock('../kepler/load-kepler-map.ts', () => ({ preloadKeplerMap: () => void preloaded.times++ }));

/** 15 probes in central Madrid, most of them available, and one in Barcelona. */
const probes = [
  ...Array.from({ length: 15 }, (_, index) => ({
    probeId: `m${index}`,
    status: index < 12 ? 'Available' : 'Not available',
    coordinates: [-3.7 + (index % 4) * 0.002, 40.42 + Math.floor(index / 4) * 0.002] as [number, number],
  })),
  { probeId: 'b1', status: 'Available', coordinates: [2.17, 41.39] as [number, number] },
];

const probeAnswer = (withoutCoordinates = 0) => ({
  type: 'FeatureCollection',
  features: probes.map(({ probeId, status, coordinates }) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates },
    properties: { kind: 'probe', probeId, name: probeId, type: 'landline', status, state: null, lastReportAt: null },
  })),
  clustered: false,
  located: probes.length,
  withoutCoordinates,
  bounds: { west: -3.7, south: 40.42, east: 2.17, north: 41.39 },
  warnings: [],
});

/** A national fleet as the server answers it past 500 probes in the area: one cluster per map tile. */
const clusterAnswer = (count: number) => ({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-3.7, 40.42] },
      properties: {
        kind: 'cluster',
        tile: '9/250/193',
        count,
        worstState: 'Not available',
        states: { Available: count - 2, 'Not available': 2 },
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [2.17, 41.39] },
      properties: {
        kind: 'cluster',
        tile: '9/259/191',
        count: 900,
        worstState: 'Available',
        states: { Available: 900 },
      },
    },
  ],
  clustered: true,
  located: count + 900,
  withoutCoordinates: 0,
  bounds: { west: -3.75, south: 40.3, east: 2.2, north: 41.45 },
  warnings: [],
});

let api: FakeApi;

describe('probes map page', () => {
  beforeEach(() => {
    shownMaps.length = 0;
    api = fakeApi();
    signIn(api);
    api.get('/api/probes/map', probeAnswer());
  });

  it("starts loading the map's code as the page opens, before the first answer is in", async () => {
    const held = heldAnswers<ReturnType<typeof probeAnswer>>();
    api.get('/api/probes/map', held.route);
    preloaded.times = 0;
    await renderScreen(<ProbesMapPage />, { path: '/probes-map' });
    expect(preloaded.times).toBe(1);
    expect(lastMap()).toBeUndefined();
    // Answered once asked (the request may still be on its way).
    await waitFor(() => {
      held.answer(probeAnswer());
      expect(lastMap()?.layers).toHaveLength(2);
    });
  });

  it('gives the map the probes of a small fleet to cluster by zoom, and the bounds of them all to fit', async () => {
    await renderScreen(<ProbesMapPage />, { path: '/probes-map' });
    await waitFor(() => expect(lastMap()?.layers).toHaveLength(2));
    const map = lastMap()!;
    expect(map.layers.map((layer) => [layer.label, layer.points.length, layer.cluster?.countLabel])).toEqual([
      ['Available', 13, 'Probes here'],
      ['Not available', 3, 'Probes here'],
    ]);
    expect(map.view.fit?.bounds).toEqual({ west: -3.7, south: 40.42, east: 2.17, north: 41.39 });
    expect(screen.getByRole('list', { name: 'Probe status' })).toHaveTextContent('Available(13)');
  });

  it("draws the server's clusters with their counts, then asks for the area the map shows as the user moves it", async () => {
    api.get('/api/probes/map', (request) =>
      request.query.has('bbox') ? clusterAnswer(40_000) : clusterAnswer(79_100),
    );
    await renderScreen(<ProbesMapPage />, { path: '/probes-map' });
    await waitFor(() => expect(lastMap()?.layers).toHaveLength(2));
    const opened = lastMap()!;
    expect(opened.layers.map((layer) => [layer.label, layer.written, layer.points[0]?.details['Probes here']])).toEqual(
      [
        ['Available', 'Probes here', '900'],
        ['Not available', 'Probes here', '79100'],
      ],
    );
    expect(screen.getByTestId('probes-in-view')).toHaveTextContent(
      '80,000 probes in view, grouped where they are close together',
    );
    expect(screen.getByRole('list', { name: 'Probe status' })).toHaveTextContent('Available(79998)');
    expect(api.sent('GET', '/api/probes/map').map((request) => request.query.toString())).toEqual(['']);

    opened.onViewChange?.({ west: -3.9, south: 40.3, east: -3.5, north: 40.55, zoom: 10.6 });
    opened.onViewChange?.({ west: -3.8, south: 40.35, east: -3.6, north: 40.5, zoom: 11.4 });
    await waitFor(() => expect(screen.getByTestId('probes-in-view')).toHaveTextContent('40,900 probes in view'));
    // Only where the map came to rest is asked for, at the whole zoom it shows.
    expect(api.sent('GET', '/api/probes/map').map((request) => Object.fromEntries(request.query))).toEqual([
      {},
      { bbox: '-3.8,40.35,-3.6,40.5', zoom: '11' },
    ]);
    // The map keeps where the user took it: its view is the one it opened on.
    expect(lastMap()!.view).toEqual(opened.view);
  });

  it('counts the probes without coordinates and lists them in the table on request', async () => {
    api.get('/api/probes/map', probeAnswer(3));
    api.get('/probes/status', (request) => ({
      list:
        request.query.get('located') === 'false'
          ? [
              {
                probeId: 'nogps1',
                name: 'No GPS',
                type: 'mobile',
                status: 'Ready',
                state: null,
                lastReportAt: null,
                technology: null,
                operator: null,
                battery: null,
                position: null,
              },
            ]
          : [],
      count: 3,
      page: 1,
      pageSize: 25,
    }));
    const { user } = await renderScreen(<ProbesMapPage />, { path: '/probes-map' });

    const notice = await screen.findByText('3 probes have no coordinates and are not on the map.');
    await user.click(within(notice).getByRole('button', { name: 'List them' }));

    const row = await screen.findByRole('row', { name: /nogps1/ });
    expect(row).toHaveTextContent('No coordinates');
    expect(screen.getByRole('tab', { name: 'Table', selected: true })).toBeInTheDocument();
    expect(api.sent('GET', '/probes/status').at(-1)?.query.get('located')).toBe('false');
  });
});
