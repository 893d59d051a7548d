import { describe, expect, it } from 'vitest';
import { clusterLayers } from './point-clusters.ts';
import { toPixel } from './web-mercator.ts';
import { maxLevel } from './zoom-levels.ts';

/** Dots of 14 pixels' radius at every level: drawn as one when closer than 36 pixels, set 30 pixels apart. */
const options = { dotRadius: () => 14 };
const spacing = 30;
/** 15 probes within a few streets of central Madrid, and one in Barcelona. */
const madrid = Array.from({ length: 15 }, (_, index) => ({
  id: `m${index}`,
  lat: 40.42 + (index % 4) * 0.002,
  lon: -3.7 + Math.floor(index / 4) * 0.002,
}));
const barcelona = { id: 'b', lat: 41.39, lon: 2.17 };

const at = <D extends { level: number }>(dots: readonly D[], level: number) =>
  dots.filter((dot) => dot.level === level);
const apart = (a: { lat: number; lon: number }, b: { lat: number; lon: number }, level: number) => {
  const [p, q] = [toPixel(a, level), toPixel(b, level)];
  return Math.hypot(p.x - q.x, p.y - q.y);
};

describe('clustering points by zoom level', () => {
  it('draws the Madrid probes as one dot counting them from afar, and each on its own up close', () => {
    const [dots = []] = clusterLayers([[...madrid, barcelona]], options);
    const country = at(dots, 6);
    expect(country.map((dot) => dot.members.length).sort((a, b) => a - b)).toEqual([1, 15]);
    const street = at(dots, maxLevel);
    expect(street).toHaveLength(16);
    expect(street.every((dot) => dot.members.length === 1)).toBe(true);
    // In between, the groups split as the map zooms in: never fewer dots at a closer level.
    const counts = Array.from({ length: maxLevel + 1 }, (_, level) => at(dots, level).length);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    // Every dot stands for its points: all of them, once, at each level.
    for (let level = 0; level <= maxLevel; level++)
      expect(at(dots, level).reduce((sum, dot) => sum + dot.members.length, 0)).toBe(16);
  });

  it('spreads probes at one place around it up close, so that each can be seen', () => {
    const sameHouse = [0, 1, 2].map((index) => ({ id: `h${index}`, lat: 40.4256, lon: -3.6835 }));
    const [dots = []] = clusterLayers([sameHouse], options);
    expect(at(dots, maxLevel - 1)).toHaveLength(1);
    const spread = at(dots, maxLevel);
    expect(spread).toHaveLength(3);
    for (const [index, dot] of spread.entries())
      for (const other of spread.slice(index + 1))
        expect(apart(dot, other, maxLevel)).toBeGreaterThanOrEqual(spacing - 0.01);
  });

  it('sets dots of different layers at one place side by side, each counting its own points', () => {
    const available = madrid.slice(0, 10);
    const down = madrid.slice(10);
    const [green = [], red = []] = clusterLayers([available, down], options);
    const [greenDot] = at(green, 6);
    const [redDot] = at(red, 6);
    expect(greenDot?.members).toHaveLength(10);
    expect(redDot?.members).toHaveLength(5);
    expect(apart(greenDot!, redDot!, 6)).toBeGreaterThanOrEqual(spacing - 0.01);
  });

  it('leaves points far apart alone at every level', () => {
    const [dots = []] = clusterLayers([[madrid[0]!, barcelona]], options);
    for (let level = 0; level <= maxLevel; level++) expect(at(dots, level).length).toBe(level < 3 ? 1 : 2);
  });
});
