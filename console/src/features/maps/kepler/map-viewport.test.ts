import { describe, expect, it } from 'vitest';
import { viewportOf } from './map-viewport.ts';

describe('map viewport', () => {
  it('is the area a map of its size shows around its centre at its zoom', () => {
    // At zoom 0 the world is 512 pixels across: a 512-pixel-wide map shows all of it.
    const world = viewportOf({ latitude: 0, longitude: 0, zoom: 0, width: 512, height: 512 });
    expect(world).toEqual({ west: -180, south: -85.0511, east: 180, north: 85.0511, zoom: 0 });
    const madrid = viewportOf({ latitude: 40.4168, longitude: -3.7038, zoom: 10, width: 960, height: 512 });
    expect(madrid.west).toBeLessThan(-3.7038);
    expect(madrid.east).toBeGreaterThan(-3.7038);
    expect(madrid.east - madrid.west).toBeCloseTo((960 / (512 * 2 ** 10)) * 360, 3);
    expect((madrid.north + madrid.south) / 2).toBeCloseTo(40.4168, 1);
  });
});
