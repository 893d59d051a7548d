import { describe, expect, it } from 'vitest';
import { automaticCellLevel, cellCounts, cellLevels, cellsCovering, lookStep, nextLookLevel } from './cell-size.ts';
import { cellBounds, cellCentre, cellsBounds, samplesBounds } from './map-cells.ts';

/** The demo fleet's area (Madrid) and mainland Spain. */
const madridArea = { west: -3.83, south: 40.33, east: -3.58, north: 40.52 };
const spain = { west: -9.3, south: 36, east: 3.3, north: 43.8 };

describe('the automatic cell size', () => {
  it('splits the demo day of 7,831 samples over Madrid into well over 2 cells, within the sensible range', () => {
    const level = automaticCellLevel(madridArea, 7_831);
    const cells = cellsCovering(madridArea, level);
    expect(cells).toBeGreaterThanOrEqual(cellCounts.fewest);
    expect(cells).toBeLessThanOrEqual(cellCounts.most);
    // Each cell keeps enough samples on average for its value to mean something.
    expect(7_831 / cells).toBeGreaterThanOrEqual(25);
    expect(level).toBeGreaterThan(10);
  });

  it('takes smaller cells for more samples over the same area, larger ones for a larger area', () => {
    expect(automaticCellLevel(madridArea, 50_000)).toBeGreaterThan(automaticCellLevel(madridArea, 7_831));
    expect(automaticCellLevel(spain, 7_831)).toBeLessThan(automaticCellLevel(madridArea, 7_831));
    for (const samples of [100, 7_831, 50_000]) {
      const cells = cellsCovering(spain, automaticCellLevel(spain, samples));
      expect(cells).toBeGreaterThanOrEqual(cellCounts.fewest / 4);
      expect(cells).toBeLessThanOrEqual(cellCounts.most);
    }
  });

  it('keeps to the levels offered: the finest for samples at one place, no coarser than the coarsest', () => {
    expect(automaticCellLevel({ west: -3.7, south: 40.4, east: -3.7, north: 40.4 }, 500)).toBe(cellLevels.finest);
    expect(automaticCellLevel({ west: -180, south: -85, east: 180, north: 85 }, 10)).toBe(cellLevels.coarsest);
  });
});

describe('looking for the automatic cell size', () => {
  it('looks finer, a few levels at a time, until the level the bounds ask for is the one looked at', () => {
    // A first look at a level-10 cell in Madrid bounds the samples at its centre: they could be anywhere in it.
    const firstLook = samplesBounds([{ x: 501, y: 387 }], 10)!;
    expect(nextLookLevel(10, firstLook, 7_831)).toBe(10 + lookStep);
    // A look as fine as the samples' real bounds settles on their level.
    const settled = automaticCellLevel(madridArea, 7_831);
    expect(nextLookLevel(settled, madridArea, 7_831)).toBe(settled);
    // Past it, bounds ask for coarser cells.
    expect(nextLookLevel(settled + 2, madridArea, 7_831)).toBe(settled);
  });
});

describe('map cells', () => {
  it('covers the box of its tile, as the API places its centre', () => {
    // Where the API centres tile 10/500/387, south of Madrid (services' map-tiles.ts: its middle, projected back).
    const centre = {
      lat: (Math.atan(Math.sinh(Math.PI * (1 - (2 * 387.5) / 1024))) * 180) / Math.PI,
      lon: (500.5 / 1024) * 360 - 180,
    };
    const box = cellBounds({ x: 500, y: 387 }, 10);
    expect(box.east - box.west).toBeCloseTo(360 / 1024, 9);
    expect((box.west + box.east) / 2).toBeCloseTo(centre.lon, 9);
    expect(box.south).toBeLessThan(centre.lat);
    expect(box.north).toBeGreaterThan(centre.lat);
    expect(cellCentre({ x: 500, y: 387 }, 10).lat).toBeCloseTo(centre.lat, 9);
    expect(cellsBounds([], 10)).toBeUndefined();
    // The samples of two cells lie between their centres, give or take half a cell.
    expect(
      samplesBounds(
        [
          { x: 500, y: 387 },
          { x: 501, y: 388 },
        ],
        10,
      ),
    ).toEqual({
      west: centre.lon,
      north: centre.lat,
      east: cellCentre({ x: 501, y: 388 }, 10).lon,
      south: cellCentre({ x: 501, y: 388 }, 10).lat,
    });
    expect(
      cellsBounds(
        [
          { x: 500, y: 387 },
          { x: 501, y: 388 },
        ],
        10,
      ),
    ).toEqual({
      ...box,
      east: cellBounds({ x: 501, y: 388 }, 10).east,
      south: cellBounds({ x: 501, y: 388 }, 10).south,
    });
  });
});
