import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBaseMap } from './base-map.ts';

describe('base map', () => {
  it('reads land rings and borders with their bounds', () => {
    const shapes = parseBaseMap('L 0 0 1 0 1 1 0 0\nB -2 40 -1 41\n');
    expect(shapes).toEqual([
      {
        kind: 'land',
        positions: [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
        bounds: { west: 0, south: 0, east: 1, north: 1 },
      },
      {
        kind: 'border',
        positions: [
          [-2, 40],
          [-1, 41],
        ],
        bounds: { west: -2, south: 40, east: -1, north: 41 },
      },
    ]);
  });

  it('ships land covering Madrid and the border between Spain and Portugal', () => {
    const shapes = parseBaseMap(readFileSync(join(import.meta.dirname, 'world-110m.txt'), 'utf8'));
    const covers = (
      shape: { bounds: { west: number; east: number; south: number; north: number } },
      lon: number,
      lat: number,
    ) => shape.bounds.west <= lon && lon <= shape.bounds.east && shape.bounds.south <= lat && lat <= shape.bounds.north;
    expect(shapes.some((shape) => shape.kind === 'land' && covers(shape, -3.7, 40.4))).toBe(true);
    expect(shapes.some((shape) => shape.kind === 'border' && covers(shape, -7, 39))).toBe(true);
    expect(
      shapes.every((shape) =>
        shape.positions.every(([lon = 0, lat = 0]) => Math.abs(lon) <= 180 && Math.abs(lat) <= 90),
      ),
    ).toBe(true);
  });
});
