import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { regionContext } from './map-layers.ts';
import { labelBox, type Place, placeLevels, populationShownAt } from './place-labels.ts';
import { toPixel } from './web-mercator.ts';
import { maxLevel } from './zoom-levels.ts';

/** The base map the console ships (console/public/geo), whose places crowd around Madrid. */
const shipped = regionContext(
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../../public/geo/madrid-region.geojson'), 'utf8')),
).places;

const namedAt = (places: readonly Place[], levels: readonly number[], level: number) =>
  places.filter((_, index) => (levels[index] ?? 0) <= level);

describe('place names by zoom', () => {
  const levels = placeLevels(shipped);

  it('names only the capital at country zoom, the cities a little closer, every place at street zoom', () => {
    expect(shipped.length).toBeGreaterThan(150);
    expect(namedAt(shipped, levels, 6).map((place) => place.name)).toEqual(['Madrid']);
    const cities = namedAt(shipped, levels, 8);
    expect(cities.length).toBeGreaterThan(3);
    expect(cities.length).toBeLessThan(20);
    expect(cities.every((place) => place.population >= 50_000)).toBe(true);
    const counts = [6, 8, 10, 12].map((level) => namedAt(shipped, levels, level).length);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(namedAt(shipped, levels, 12)).toHaveLength(shipped.length);
  });

  it('never writes a name over another at any level', () => {
    for (let level = 0; level <= maxLevel; level++) {
      const boxes = namedAt(shipped, levels, level).map((place) => labelBox(place, toPixel(place, level)));
      for (const [index, box] of boxes.entries())
        for (const other of boxes.slice(index + 1))
          expect(
            box.right <= other.left || other.right <= box.left || box.bottom <= other.top || other.bottom <= box.top,
          ).toBe(true);
    }
  });

  it('gives the room to the more populous of two places that would overlap, the other showing closer', () => {
    const town = { name: 'Getafe', lat: 40.3057, lon: -3.7329, population: 167_164 };
    const district = { name: 'Perales del Río', lat: 40.31, lon: -3.7, population: 3_000 };
    const [townFrom, districtFrom] = placeLevels([district, town]).reverse();
    expect(townFrom).toBe(7);
    expect(districtFrom).toBeGreaterThan(townFrom!);
    expect(districtFrom).toBeLessThanOrEqual(maxLevel);
  });

  it('asks more inhabitants from afar', () => {
    expect(populationShownAt(5)).toBeGreaterThan(populationShownAt(8));
    expect(populationShownAt(8)).toBeGreaterThan(populationShownAt(10));
    expect(populationShownAt(12)).toBe(0);
  });
});
