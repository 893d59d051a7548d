// The web-mercator world as deck.gl and kepler.gl draw it: 512 pixels across at zoom 0, twice as many at each zoom
// level. Positions in pixels of that world let the map's rules (fitting, label spacing, clustering) reason about what
// the user sees.

const tileSize = 512;
/** Past this latitude the projection runs to infinity; web maps stop there. */
const latitudeLimit = 85.051129;

export const worldPixels = (zoom: number) => tileSize * 2 ** zoom;

/** 0 at the antimeridian's west side, 1 at its east side. */
export const mercatorX = (lon: number) => (lon + 180) / 360;

/** 0 at the north edge of the map, 1 at its south edge. */
export function mercatorY(lat: number) {
  const sine = Math.sin((Math.max(-latitudeLimit, Math.min(latitudeLimit, lat)) * Math.PI) / 180);
  return 0.5 - Math.log((1 + sine) / (1 - sine)) / (4 * Math.PI);
}

export const longitudeOf = (x: number) => x * 360 - 180;
export const latitudeOf = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

export interface Pixel {
  x: number;
  y: number;
}

export const toPixel = ({ lat, lon }: { lat: number; lon: number }, zoom: number): Pixel => ({
  x: mercatorX(lon) * worldPixels(zoom),
  y: mercatorY(lat) * worldPixels(zoom),
});

export const fromPixel = ({ x, y }: Pixel, zoom: number) => ({
  lat: latitudeOf(y / worldPixels(zoom)),
  lon: longitudeOf(x / worldPixels(zoom)),
});

/** The Earth's circumference at the equator, in metres (deck.gl's web-mercator scale). */
const equatorMetres = 40_075_016.686;

/**
 * How many pixels across a kepler point layer's radius draws at a latitude and zoom: kepler takes the radius in metres
 * scaled to keep a dot's size on screen up to zoom 14 (past it dots grow with the map), so a radius unit is about a
 * quarter of a pixel at Madrid's latitude.
 */
export const dotPixels = (radius: number, lat: number, zoom: number) =>
  (radius * worldPixels(Math.max(zoom, 14))) / (equatorMetres * Math.cos((lat * Math.PI) / 180));
