import { describe, expect, it } from 'vitest';
import { boundsOf, fitView, unionOf } from './map-fit.ts';
import { fromPixel, toPixel } from './web-mercator.ts';

/** Where a position lands on a map of this size centred on the view. */
const onScreen = (
  position: { lat: number; lon: number },
  view: { lat: number; lon: number; zoom: number },
  size: { width: number; height: number },
) => {
  const [at, centre] = [toPixel(position, view.zoom), toPixel(view, view.zoom)];
  return { x: at.x - centre.x + size.width / 2, y: at.y - centre.y + size.height / 2 };
};

describe('fitting a map to what it shows', () => {
  const fleetArea = { west: -3.83, south: 40.33, east: -3.58, north: 40.52 };

  it('projects as the map draws (pixels and back)', () => {
    const madrid = { lat: 40.4168, lon: -3.7038 };
    const back = fromPixel(toPixel(madrid, 11), 11);
    expect(back.lat).toBeCloseTo(madrid.lat, 9);
    expect(back.lon).toBeCloseTo(madrid.lon, 9);
  });

  it('bounds the points, and nothing without points', () => {
    expect(boundsOf([])).toBeUndefined();
    expect(
      boundsOf([
        { lat: 40.4, lon: -3.7 },
        { lat: 40.5, lon: -3.6 },
        { lat: 40.45, lon: -3.8 },
      ]),
    ).toEqual({ west: -3.8, south: 40.4, east: -3.6, north: 40.5 });
    expect(unionOf([fleetArea, { west: -4, south: 40.4, east: -3.7, north: 40.6 }])).toEqual({
      west: -4,
      south: 40.33,
      east: -3.58,
      north: 40.6,
    });
  });

  it('puts every corner inside the padding, and one side of the box against it', () => {
    const size = { width: 960, height: 512 };
    const view = fitView(fleetArea, size, { padding: 30, maxZoom: 18 });
    const corners = [
      onScreen({ lat: fleetArea.north, lon: fleetArea.west }, view, size),
      onScreen({ lat: fleetArea.south, lon: fleetArea.east }, view, size),
    ];
    for (const corner of corners) {
      expect(corner.x).toBeGreaterThanOrEqual(30 - 0.5);
      expect(corner.x).toBeLessThanOrEqual(size.width - 30 + 0.5);
      expect(corner.y).toBeGreaterThanOrEqual(30 - 0.5);
      expect(corner.y).toBeLessThanOrEqual(size.height - 30 + 0.5);
    }
    // The tighter way (here the height) fills the room less the padding, to the rounding of the zoom.
    expect(corners[1]!.y - corners[0]!.y).toBeGreaterThan((size.height - 60) * 0.98);
  });

  it('zooms closer on a larger map, and no closer than allowed on a single point', () => {
    const small = fitView(fleetArea, { width: 480, height: 300 }, { padding: 0, maxZoom: 18 });
    const large = fitView(fleetArea, { width: 1920, height: 1200 }, { padding: 0, maxZoom: 18 });
    expect(large.zoom - small.zoom).toBeCloseTo(2, 1);
    const point = { west: -3.7, south: 40.4, east: -3.7, north: 40.4 };
    const view = fitView(point, { width: 960, height: 512 }, { padding: 20, maxZoom: 15 });
    expect(view.lat).toBeCloseTo(40.4, 9);
    expect(view.lon).toBeCloseTo(-3.7, 9);
    expect(view.zoom).toBe(15);
  });
});
