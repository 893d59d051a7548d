import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { registerEntry, updateMap } from '@kepler.gl/actions';
import { render, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../shared/testing/fake-api.ts';
import KeplerMap from './KeplerMap.tsx';
import { boundaryDataId, fitPadding, madrid, type PointLayer, placeDataId, viewAtSize, viewOf } from './map-layers.ts';

// kepler's map draws with WebGL, which the simulated DOM has not: its component is stood in for by one that only
// registers the map in the store, as kepler's does. The store, kepler's reducers and what KeplerMap hands them are
// the real ones.
let mapStore: ReturnType<typeof useStore> | undefined;
vi.mock('@kepler.gl/components', () => ({
  KeplerGl: ({ id }: { id: string }) => {
    const store = useStore();
    mapStore = store;
    useEffect(() => {
      store.dispatch(registerEntry({ id }));
    }, [store, id]);
    return null;
  },
}));

interface ShownFilter {
  id: string;
  value: [number, number];
}
interface MapState {
  mapState: { latitude: number; longitude: number; zoom: number };
  visState: { filters: ShownFilter[] };
}
const shown = () =>
  (mapStore?.getState() as { keplerGl: Record<string, MapState | undefined> } | undefined)?.keplerGl.map;
const filterOf = (id: string) => shown()?.visState.filters.find((filter) => filter.id === `${id}-level`)?.value;

const size = { width: 1200, height: 600 };
const baseLabels = { outlines: 'Countries', boundaries: 'Municipalities', places: 'Places' };
/** The demo fleet's probes: all around Madrid. */
const probes: PointLayer = {
  id: 'probes-available',
  label: 'Available',
  colour: '#16a34a',
  radius: 14,
  cluster: { countLabel: 'Probes here' },
  points: Array.from({ length: 15 }, (_, index) => ({
    lat: 40.33 + (index % 5) * 0.045,
    lon: -3.83 + Math.floor(index / 5) * 0.12,
    details: { probe: `p${index}` },
  })),
};

describe('kepler map', () => {
  beforeEach(() => {
    mapStore = undefined;
    // The map learns its size from a ResizeObserver; the simulated DOM lays nothing out.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        readonly report: ResizeObserverCallback;
        constructor(report: ResizeObserverCallback) {
          this.report = report;
        }
        observe() {
          queueMicrotask(() =>
            this.report([{ contentRect: size } as ResizeObserverEntry], this as unknown as ResizeObserver),
          );
        }
        disconnect() {}
      },
    );
    fakeApi().get(
      '/geo/madrid-region.geojson',
      JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../../public/geo/madrid-region.geojson'), 'utf8')),
    );
  });

  it('fits what it shows to its own size, not to a usual one', async () => {
    const view = viewOf(probes.points, madrid, 14);
    render(<KeplerMap layers={[probes]} view={view} label="Probes" baseLabels={baseLabels} />);
    const fitted = viewAtSize(view, size, fitPadding([probes], view.lat));
    expect(fitted.zoom).not.toBeCloseTo(view.zoom, 1);
    await waitFor(() => expect(shown()?.mapState.zoom).toBe(fitted.zoom));
    expect(shown()?.mapState.latitude).toBeCloseTo(fitted.lat, 6);
    expect(shown()?.mapState.longitude).toBeCloseTo(fitted.lon, 6);
  });

  it('shows the place names, boundaries and probe clusters of the zoom level the user looks at', async () => {
    const view = viewOf(probes.points, madrid, 14);
    const { container } = render(<KeplerMap layers={[probes]} view={view} label="Probes" baseLabels={baseLabels} />);
    const level = Math.floor(viewAtSize(view, size, fitPadding([probes], view.lat)).zoom);
    await waitFor(() => expect(filterOf(placeDataId)).toEqual([0, level]));
    expect(filterOf(probes.id)).toEqual([level, level]);
    expect(container.querySelector('[data-testid="kepler-map"]')).toHaveAttribute('data-zoom-level', String(level));
    // The user zooms out to see the country: fewer names, the probes in fewer dots.
    mapStore?.dispatch(updateMap({ ...shown()!.mapState, zoom: 6.4 }));
    await waitFor(() => expect(filterOf(placeDataId)).toEqual([0, 6]));
    expect(filterOf(probes.id)).toEqual([6, 6]);
    expect(filterOf(boundaryDataId)).toEqual([0, 6]);
    await waitFor(() =>
      expect(container.querySelector('[data-testid="kepler-map"]')).toHaveAttribute('data-zoom-level', '6'),
    );
    // And in to the streets.
    mapStore?.dispatch(updateMap({ ...shown()!.mapState, zoom: 13.2 }));
    await waitFor(() => expect(filterOf(probes.id)).toEqual([13, 13]));
    expect(filterOf(placeDataId)).toEqual([0, 13]);
  });
});
