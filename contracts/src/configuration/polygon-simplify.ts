import { type PolygonGeometry, type Position, polygonSize, polygonSizeLimit } from './polygon-measures.ts';

// A polygon that is too big must be simplified (docs/product/rules.md#geojson-upload): Douglas–Peucker on the polygon's
// rings, in plain degrees (the shapes campaigns and geographic filters cover are small enough for planar distances to
// rank vertices well). One Douglas–Peucker pass ranks every vertex by the tolerance that would drop it, so fitting a
// size limit is a matter of keeping the most significant vertices, not of re-running the algorithm for many tolerances.

function distanceToSegmentSquared(point: Position, start: Position, end: Position): number {
  const [px = 0, py = 0] = point;
  const [ax = 0, ay = 0] = start;
  const [bx = 0, by = 0] = end;
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const along = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSquared));
  const x = ax + along * dx - px;
  const y = ay + along * dy - py;
  return x * x + y * y;
}

/**
 * Douglas–Peucker significance of each vertex of an open line: the largest tolerance (degrees) at which the vertex
 * is kept. Both ends are always kept (Infinity). Iterative, so a ring of hundreds of thousands of vertices does not
 * overflow the call stack.
 */
export function lineSignificance(points: readonly Position[]): Float64Array {
  const significance = new Float64Array(points.length);
  if (points.length === 0) return significance;
  significance[0] = Infinity;
  significance[points.length - 1] = Infinity;
  const pending: [first: number, last: number, parent: number][] = [[0, points.length - 1, Infinity]];
  while (pending.length > 0) {
    const [first, last, parent] = pending.pop()!;
    let farthest = -1;
    let farthestDistance = 0;
    for (let index = first + 1; index < last; index++) {
      const distance = distanceToSegmentSquared(points[index]!, points[first]!, points[last]!);
      if (distance > farthestDistance) {
        farthest = index;
        farthestDistance = distance;
      }
    }
    if (farthest < 0) continue;
    // A vertex split off by a less significant one cannot survive a tolerance that drops its parent.
    const own = Math.min(Math.sqrt(farthestDistance), parent);
    significance[farthest] = own;
    pending.push([first, farthest, own], [farthest, last, own]);
  }
  return significance;
}

/** Douglas–Peucker on an open line: keeps both ends and every vertex farther than `tolerance` from the result. */
export function simplifyLine(points: readonly Position[], tolerance: number): Position[] {
  const significance = lineSignificance(points);
  return points.filter((_, index) => significance[index]! > tolerance);
}

/**
 * The significance of each vertex of a closed ring. The ring is cut at its first vertex and at the vertex farthest
 * from it, since a line whose ends meet gives Douglas–Peucker no baseline; both cuts are always kept.
 */
export function ringSignificance(ring: readonly Position[]): Float64Array {
  const origin = ring[0];
  if (!origin || ring.length <= 4) return new Float64Array(ring.length).fill(Infinity);
  let opposite = 1;
  let opposedDistance = -1;
  for (let index = 1; index < ring.length - 1; index++) {
    const distance = distanceToSegmentSquared(ring[index]!, origin, origin);
    if (distance > opposedDistance) {
      opposite = index;
      opposedDistance = distance;
    }
  }
  const significance = new Float64Array(ring.length);
  significance.set(lineSignificance(ring.slice(0, opposite + 1)), 0);
  significance.set(lineSignificance(ring.slice(opposite)), opposite);
  return significance;
}

/**
 * The ring keeping the vertices whose significance passes `kept`; still closed and at least a triangle (its three
 * most significant vertices are always kept).
 */
function keepSignificant(
  ring: readonly Position[],
  significance: Float64Array,
  kept: (significance: number) => boolean,
): Position[] {
  if (ring.length <= 4) return [...ring];
  const third = [...significance.subarray(0, ring.length - 1)].sort((a, b) => b - a)[2] ?? 0;
  const vertices = ring.slice(0, -1).filter((_, index) => kept(significance[index]!) || significance[index]! >= third);
  return [...vertices, vertices[0]!];
}

export const simplifyRing = (ring: readonly Position[], tolerance: number): Position[] =>
  keepSignificant(ring, ringSignificance(ring), (significance) => significance > tolerance);

export const simplifyPolygon = (polygon: PolygonGeometry, tolerance: number): PolygonGeometry => ({
  type: 'Polygon',
  coordinates: polygon.coordinates.map((ring) => simplifyRing(ring, tolerance)),
});

/** Vertices of the polygon, not counting the repeated closing position of each ring. */
export const vertexCount = (polygon: PolygonGeometry) =>
  polygon.coordinates.reduce((count, ring) => count + Math.max(ring.length - 1, 0), 0);

export interface Simplification {
  polygon: PolygonGeometry;
  /** The significance (degrees) of the least significant vertex kept; 0 when the polygon is unchanged. */
  tolerance: number;
}

/**
 * The most detailed Douglas–Peucker simplification within `limit` bytes (polygonSize, the unit of the size limit):
 * keeps the most significant vertices, as many as the bytes per vertex allow, fewer while it still does not fit.
 * Undefined when not even a triangle per ring fits.
 */
export function simplifyToFit(polygon: PolygonGeometry, limit = polygonSizeLimit): Simplification | undefined {
  let size = polygonSize(polygon);
  if (size <= limit) return { polygon, tolerance: 0 };
  const significances = polygon.coordinates.map(ringSignificance);
  const ranked = significances.flatMap((significance) => [...significance.subarray(0, -1)]).sort((a, b) => b - a);
  let keep = ranked.length;
  for (let attempt = 0; attempt < 50 && keep > 0; attempt++) {
    keep = Math.min(keep - 1, Math.floor((keep * limit * 0.99) / size));
    const least = ranked[Math.max(keep - 1, 0)]!;
    const candidate: PolygonGeometry = {
      type: 'Polygon',
      coordinates: polygon.coordinates.map((ring, index) =>
        keepSignificant(ring, significances[index]!, (significance) => significance >= least),
      ),
    };
    size = polygonSize(candidate);
    if (size <= limit) return { polygon: candidate, tolerance: least };
  }
  return undefined;
}
