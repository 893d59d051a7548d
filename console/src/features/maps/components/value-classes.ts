import type { MapTile } from '../api/maps.ts';
import type { PointLayer } from '../kepler/map-layers.ts';

/** Maps configuration (docs/product/screens.md#maps): the colour palettes (low values first). */
export const palettes = {
  quality: ['#dc2626', '#f97316', '#facc15', '#84cc16', '#16a34a'],
  blues: ['#dbeafe', '#93c5fd', '#3b82f6', '#1d4ed8', '#1e3a8a'],
  viridis: ['#440154', '#3b528b', '#21918c', '#5ec962', '#fde725'],
} as const;
export type PaletteId = keyof typeof palettes;
export const paletteIds = Object.keys(palettes) as PaletteId[];

export interface ValueClass {
  from: number;
  to: number;
  colour: string;
  tiles: MapTile[];
}

/**
 * The tiles in equal-width value classes, one per palette colour. With the quality palette green is always the good
 * end: for KPIs where lower is better (latency…) it runs the other way.
 */
export function valueClasses(tiles: readonly MapTile[], palette: PaletteId, inverse: boolean): ValueClass[] {
  if (tiles.length === 0) return [];
  const colours: readonly string[] =
    palette === 'quality' && inverse ? [...palettes[palette]].reverse() : palettes[palette];
  const values = tiles.map((tile) => tile.value);
  const [min, max] = [Math.min(...values), Math.max(...values)];
  const width = (max - min) / colours.length;
  const classOf = (value: number) =>
    width === 0 ? 0 : Math.min(colours.length - 1, Math.floor((value - min) / width));
  return colours
    .map((colour, index) => ({
      from: min + index * width,
      to: index === colours.length - 1 ? max : min + (index + 1) * width,
      colour,
      tiles: tiles.filter((tile) => classOf(tile.value) === index),
    }))
    .filter((valueClass) => valueClass.tiles.length > 0);
}

/** One map layer per value class; the tooltip shows the tile's value and sample count. */
export function tileLayers(
  classes: readonly ValueClass[],
  radius: number,
  labels: { value: string; samples: string; format: (value: number) => string },
): PointLayer[] {
  return classes.map((valueClass, index) => ({
    id: `tiles-${index}`,
    label: `${labels.format(valueClass.from)} – ${labels.format(valueClass.to)}`,
    colour: valueClass.colour,
    radius,
    points: valueClass.tiles.map((tile) => ({
      lat: tile.center.lat,
      lon: tile.center.lon,
      details: { [labels.value]: Number(tile.value.toFixed(2)), [labels.samples]: tile.count },
    })),
  }));
}
