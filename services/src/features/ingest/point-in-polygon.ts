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

interface Entry {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  id: string;
  rings: Ring[];
}

/**
 * The polygons (campaigns) holding a point: an R-tree of their bounding boxes narrows the candidates, ray casting
 * decides, so a measurement is placed in time that does not grow with the number of campaigns.
 */
export function polygonIndex(polygons: { id: string; rings: Ring[] }[]) {
  const tree = new RBush<Entry>();
  tree.load(
    polygons.map(({ id, rings }) => {
      const points = rings.flat();
      const xs = points.map(([x]) => x);
      const ys = points.map(([, y]) => y);
      return { id, rings, minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
    }),
  );
  return (point: [number, number]) =>
    tree
      .search({ minX: point[0], minY: point[1], maxX: point[0], maxY: point[1] })
      .filter((entry) => insidePolygon(point, entry.rings))
      .map((entry) => entry.id);
}
