import { z } from 'zod';
import type { Tile } from '../analytics/index.ts';

/** Elasticsearch's geotile_grid precisions. */
export const maxZoom = 29;

export const mapTileSchema = z.object({
  /** `zoom/x/y`, as slippy maps and Elasticsearch name a tile. */
  key: z.string(),
  x: z.number().int(),
  y: z.number().int(),
  count: z.number().int(),
  value: z.number(),
  /** The tile's centre, where the map draws it. */
  center: z.object({ lat: z.number(), lon: z.number() }),
});
export type MapTile = z.output<typeof mapTileSchema>;

/** A tile with its key and its centre (the inverse web-mercator projection of its middle). */
export function mapTile(zoom: number, { x, y, count, value }: Tile): MapTile {
  const tiles = 2 ** zoom;
  const lon = ((x + 0.5) / tiles) * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * (y + 0.5)) / tiles))) * 180) / Math.PI;
  return { key: `${zoom}/${x}/${y}`, x, y, count, value, center: { lat, lon } };
}
