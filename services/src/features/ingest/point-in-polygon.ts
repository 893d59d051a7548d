import RBush from 'rbush';

type Ring = [number, number][];

/** Ray casting over a polygon's rings (the first is the outline, the others holes). */
export function insidePolygon([x, y]: [number, number], rings: Ring[]): boolean {
  let inside = false;
  for (const ring of rings)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  return inside;
}

/** A polygon of an entity, in force from `from` (inclusive) until `until` (exclusive), in epoch milliseconds. */
export interface TimedPolygon {
  id: string;
  rings: Ring[];
  from?: number;
  until?: number;
}

type Entry = TimedPolygon & { minX: number; minY: number; maxX: number; maxY: number };

/**
 * The polygons (campaigns) holding a point at an instant: an R-tree of their bounding boxes narrows the candidates,
 * ray casting decides, so a measurement is placed in time that does not grow with the number of campaigns.
 */
export function polygonIndex(polygons: TimedPolygon[]) {
  const tree = new RBush<Entry>();
  tree.load(
    polygons.map((polygon) => {
      const points = polygon.rings.flat();
      const xs = points.map(([x]) => x);
      const ys = points.map(([, y]) => y);
      return { ...polygon, minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
    }),
  );
  return (point: [number, number], at: number) =>
    tree
      .search({ minX: point[0], minY: point[1], maxX: point[0], maxY: point[1] })
      .filter(
        (entry) =>
          (entry.from === undefined || entry.from <= at) &&
          (entry.until === undefined || at < entry.until) &&
          insidePolygon(point, entry.rings),
      )
      .map((entry) => entry.id);
}
