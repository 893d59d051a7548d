import { describe, expect, it } from 'vitest';
import type { MapTile } from '../api/maps.ts';
import { palettes, tileLayers, valueClasses } from './value-classes.ts';

const tile = (key: string, value: number): MapTile => ({
  key,
  x: 0,
  y: 0,
  count: 3,
  value,
  center: { lat: 40, lon: -3 },
});
const tiles = [tile('a', 10), tile('b', 20), tile('c', 30), tile('d', 50)];

describe('map value classes', () => {
  it('splits the value range into one class per palette colour, keeping only the classes with tiles', () => {
    const classes = valueClasses(tiles, 'blues', false);
    expect(classes.map((item) => item.tiles.map((t) => t.key))).toEqual([['a'], ['b'], ['c'], ['d']]);
    expect(classes[0]).toMatchObject({ from: 10, to: 18, colour: palettes.blues[0] });
    expect(classes.at(-1)).toMatchObject({ to: 50, colour: palettes.blues[4] });
  });

  it('keeps green the good end of the quality palette when lower is better', () => {
    expect(valueClasses(tiles, 'quality', false).at(-1)?.colour).toBe('#16a34a');
    expect(valueClasses(tiles, 'quality', true).at(-1)?.colour).toBe('#dc2626');
  });

  it('puts equal values in one class, and turns classes into labelled map layers', () => {
    const classes = valueClasses([tile('a', 7), tile('b', 7)], 'viridis', false);
    expect(classes).toHaveLength(1);
    const layers = tileLayers(classes, 25, { value: 'Value', samples: 'Samples', format: (v) => `${v} Mbps` });
    expect(layers[0]).toMatchObject({ label: '7 Mbps – 7 Mbps', radius: 25, colour: palettes.viridis[0] });
    expect(layers[0]?.points[0]?.details).toEqual({ Value: 7, Samples: 3 });
  });
});
