import { latitudeOf, longitudeOf, mercatorX, mercatorY, worldPixels } from './web-mercator.ts';

/** A box of longitudes and latitudes (west ≤ east: nothing the console maps crosses the antimeridian). */
export interface MapBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface MapSize {
  width: number;
  height: number;
}

/** The box around every point, or nothing without points. */
export function boundsOf(points: readonly { lat: number; lon: number }[]): MapBounds | undefined {
  if (points.length === 0) return undefined;
  const lats = points.map((point) => point.lat);
  const lons = points.map((point) => point.lon);
  return { west: Math.min(...lons), south: Math.min(...lats), east: Math.max(...lons), north: Math.max(...lats) };
}

/** The box around several boxes. */
export function unionOf(boxes: readonly MapBounds[]): MapBounds | undefined {
  if (boxes.length === 0) return undefined;
  return {
    west: Math.min(...boxes.map((box) => box.west)),
    south: Math.min(...boxes.map((box) => box.south)),
    east: Math.max(...boxes.map((box) => box.east)),
    north: Math.max(...boxes.map((box) => box.north)),
  };
}

export interface FitOptions {
  /** Pixels kept free on every side (what is drawn at the edge is a dot of some radius, not a point). */
  padding: number;
  maxZoom: number;
  minZoom?: number;
}

/**
 * The centre and zoom at which the bounds fill a map of this size, less the padding: the closest zoom at which both
 * their width and their height fit (a single point, or a tiny box, at `maxZoom`).
 */
export function fitView(bounds: MapBounds, size: MapSize, { padding, maxZoom, minZoom = 1 }: FitOptions) {
  const [left, right] = [mercatorX(bounds.west), mercatorX(bounds.east)];
  const [top, bottom] = [mercatorY(bounds.north), mercatorY(bounds.south)];
  const room = { width: Math.max(1, size.width - 2 * padding), height: Math.max(1, size.height - 2 * padding) };
  const zoomFor = (span: number, pixels: number) =>
    span > 0 ? Math.log2(pixels / (span * worldPixels(0))) : Number.POSITIVE_INFINITY;
  const fitting = Math.min(zoomFor(right - left, room.width), zoomFor(bottom - top, room.height));
  // Rounded down: a hundredth of a level more could push the outermost dots past the padding.
  const zoom = Math.floor(Math.max(minZoom, Math.min(maxZoom, fitting)) * 100) / 100;
  return { lat: latitudeOf((top + bottom) / 2), lon: longitudeOf((left + right) / 2), zoom };
}
