import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import { lastMap, shownMaps } from './map-stand-in.tsx';
import ProbesMapPage from './ProbesMapPage.tsx';

vi.mock('./LazyMap.tsx', async () => ({ LazyMap: (await import('./map-stand-in.tsx')).MapStandIn }));

/** 15 probes in central Madrid, most of them available, and one in Barcelona. */
const probes = [
  ...Array.from({ length: 15 }, (_, index) => ({
    probeId: `m${index}`,
    status: index < 12 ? 'Available' : 'Not available',
    coordinates: [-3.7 + (index % 4) * 0.002, 40.42 + Math.floor(index / 4) * 0.002] as [number, number],
  })),
  { probeId: 'b1', status: 'Available', coordinates: [2.17, 41.39] as [number, number] },
];

describe('probes map page', () => {
  beforeEach(() => {
    shownMaps.length = 0;
    const api = fakeApi();
    signIn(api);
    api.get('/api/probes/map', {
      type: 'FeatureCollection',
      features: probes.map(({ probeId, status, coordinates }) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates },
        properties: { probeId, name: probeId, type: 'landline', status, state: null, lastReportAt: null },
      })),
      withoutCoordinates: [],
      warnings: [],
    });
  });

  it('gives the map its probes to cluster by zoom, counted as probes, and the bounds of them all to fit', async () => {
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
});
