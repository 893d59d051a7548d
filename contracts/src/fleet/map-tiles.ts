// Web-mercator map tiles (the slippy-map scheme Elasticsearch's geotile_grid and web maps use): at zoom z the world is
// 2^z × 2^z tiles, x from the antimeridian eastwards, y from the north edge southwards.

/** Past this latitude the projection runs to infinity: points beyond it fall in the edge tiles. */
export const tileLatitudeLimit = 85.05112878;

/** A box by its edges in degrees; `west` greater than `east` crosses the antimeridian. */
export interface GeoBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface Tile {
  z: number;
  x: number;
  y: number;
}

const clampIndex = (value: number, tiles: number) => Math.min(Math.max(Math.floor(value), 0), tiles - 1);

/** The tile of a point at a zoom. */
export function tileOf(lat: number, lon: number, z: number): Tile {
  const tiles = 2 ** z;
  const latitude = (Math.max(-tileLatitudeLimit, Math.min(tileLatitudeLimit, lat)) * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(latitude) + 1 / Math.cos(latitude)) / Math.PI) / 2) * tiles;
  return { z, x: clampIndex(((lon + 180) / 360) * tiles, tiles), y: clampIndex(y, tiles) };
}

export const tileKey = ({ z, x, y }: Tile) => `${z}/${x}/${y}`;

/** How many tiles across a box spans at a zoom (its width in tiles, rounded up). */
export function tilesAcross(bounds: GeoBounds, z: number) {
  const width = bounds.west <= bounds.east ? bounds.east - bounds.west : 360 - bounds.west + bounds.east;
  const west = tileOf(bounds.north, bounds.west, z);
  const east = tileOf(bounds.south, bounds.east, z);
  return { x: Math.ceil((width / 360) * 2 ** z) + 1, y: east.y - west.y + 1 };
}
