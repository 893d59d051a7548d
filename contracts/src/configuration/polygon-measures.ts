// What the services store about a polygon besides its coordinates: its centre and its size
// (docs/product/entities.md#campaign; the polygon size limit of docs/product/limits.md#sizes).

/**
 * Polygon size limit: 10,000,000 (docs/product/limits.md#sizes), counted in **bytes of the polygon's GeoJSON text**:
 * the UTF-8 length of `{"type":"Polygon","coordinates":[…]}` written without spaces (properties and other features not
 * counted). Chosen over an area because the product's remedy for a polygon that is too big is to simplify it, which
 * drops vertices (bytes) but keeps the area; an operator sees the file is ~10 MB (roughly 250,000 vertices) and
 * simplifies it.
 */
export const polygonSizeLimit = 10_000_000;

export type Position = number[];
export interface PolygonGeometry {
  type: 'Polygon';
  coordinates: Position[][];
}
/** The polygon as stored: the geometry plus what is derived from it (GeoJSON allows such foreign members). */
export interface MeasuredPolygon extends PolygonGeometry {
  /** Area-weighted centroid, `[longitude, latitude]`. */
  center: [number, number];
  /** Bytes of the geometry's GeoJSON text (see polygonSizeLimit). */
  size: number;
}

/** Bytes of the geometry's GeoJSON text, the unit of polygonSizeLimit. */
export const polygonSize = (polygon: PolygonGeometry): number =>
  new TextEncoder().encode(JSON.stringify({ type: 'Polygon', coordinates: polygon.coordinates })).length;

const round = (degrees: number) => Math.round(degrees * 1e7) / 1e7;

/**
 * The area-weighted centroid of the ring in plain longitude/latitude (fine for the regions campaigns cover; a
 * polygon across the antimeridian is not handled); the mean of the vertices when the ring has no area.
 */
export function polygonCentroid(polygon: PolygonGeometry): [number, number] {
  const ring = polygon.coordinates[0] ?? [];
  const [x0 = 0, y0 = 0] = ring[0] ?? [];
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [ax = 0, ay = 0] = ring[i] ?? [];
    const [bx = 0, by = 0] = ring[i + 1] ?? [];
    const cross = (ax - x0) * (by - y0) - (bx - x0) * (ay - y0);
    area += cross;
    cx += (ax - x0 + bx - x0) * cross;
    cy += (ay - y0 + by - y0) * cross;
  }
  if (Math.abs(area) > 1e-12) return [round(x0 + cx / (3 * area)), round(y0 + cy / (3 * area))];
  const vertices = ring.slice(0, -1);
  const mean = (axis: number) => vertices.reduce((sum, p) => sum + (p[axis] ?? 0), 0) / Math.max(vertices.length, 1);
  return [round(mean(0)), round(mean(1))];
}

export const measurePolygon = (polygon: PolygonGeometry): MeasuredPolygon => ({
  type: 'Polygon',
  coordinates: polygon.coordinates,
  center: polygonCentroid(polygon),
  size: polygonSize(polygon),
});
