import { describe, expect, it } from 'vitest';
import { readGeoJsonPolygon } from './geojson.ts';
import { type PolygonGeometry, type Position, polygonSize } from './polygon-measures.ts';
import {
  lineSignificance,
  simplifyLine,
  simplifyPolygon,
  simplifyRing,
  simplifyToFit,
  vertexCount,
} from './polygon-simplify.ts';

/** A closed circle of `vertices` points around (lon, lat). */
function circle(vertices: number, radius = 0.1, [lon, lat] = [-3.7, 40.4]): PolygonGeometry {
  const ring: Position[] = Array.from({ length: vertices }, (_, index) => {
    const angle = (2 * Math.PI * index) / vertices;
    return [lon + radius * Math.cos(angle), lat + radius * Math.sin(angle)];
  });
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}

describe('simplifyLine (Douglas–Peucker)', () => {
  it('drops vertices closer to the line than the tolerance and keeps both ends', () => {
    const line = [
      [0, 0],
      [1, 0.01],
      [2, -0.01],
      [3, 0],
    ];
    expect(simplifyLine(line, 0.1)).toEqual([
      [0, 0],
      [3, 0],
    ]);
  });

  it('keeps a vertex farther than the tolerance, and the ones it makes significant', () => {
    const line = [
      [0, 0],
      [1, 0],
      [2, 5],
      [3, 0],
      [4, 0],
    ];
    expect(simplifyLine(line, 0.5)).toEqual([
      [0, 0],
      [1, 0],
      [2, 5],
      [3, 0],
      [4, 0],
    ]);
    expect(simplifyLine(line, 3)).toEqual([
      [0, 0],
      [2, 5],
      [4, 0],
    ]);
  });

  it('ranks each vertex by the tolerance that drops it', () => {
    const significance = lineSignificance([
      [0, 0],
      [1, 0],
      [2, 5],
      [3, 0],
      [4, 0],
    ]);
    expect(significance[0]).toBe(Infinity);
    expect(significance[2]).toBe(5);
    expect(significance[1]).toBeCloseTo(5 / Math.sqrt(29));
    expect(significance[4]).toBe(Infinity);
  });

  it('leaves lines of one or two points alone', () => {
    expect(simplifyLine([[1, 2]], 1)).toEqual([[1, 2]]);
    expect(simplifyLine([], 1)).toEqual([]);
  });

  it('handles a ring of 300,000 vertices without overflowing the stack', () => {
    const [ring] = circle(300_000).coordinates;
    const simplified = simplifyLine(ring!, 1e-5);
    expect(simplified.length).toBeGreaterThan(10);
    expect(simplified.length).toBeLessThan(2_000);
  });
});

describe('simplifyRing', () => {
  it('keeps the ring closed and valid GeoJSON', () => {
    const ring = simplifyRing(circle(1_000).coordinates[0]!, 0.001);
    expect(ring[0]).toEqual(ring.at(-1));
    expect(ring.length).toBeGreaterThanOrEqual(4);
    expect(ring.length).toBeLessThan(100);
    expect(readGeoJsonPolygon({ type: 'Polygon', coordinates: [ring] }).ok).toBe(true);
  });

  it('keeps at least a triangle however large the tolerance', () => {
    const ring = simplifyRing(
      [
        [0, 0],
        [4, 0],
        [5, 1],
        [4, 3],
        [1, 4],
        [-1, 2],
        [0, 0],
      ],
      10,
    );
    expect(ring).toEqual([
      [0, 0],
      [5, 1],
      [1, 4],
      [0, 0],
    ]);
  });

  it('does not change a square (every corner matters)', () => {
    const square = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ];
    expect(simplifyRing(square, 0.01)).toEqual(square);
  });
});

describe('simplifyToFit', () => {
  it('answers the polygon itself when it already fits', () => {
    const polygon = circle(100);
    expect(simplifyToFit(polygon, 1_000_000)).toEqual({ polygon, tolerance: 0 });
  });

  it('finds a simplification just within the limit, keeping as much detail as it can', () => {
    const polygon = circle(20_000);
    const limit = 20_000;
    expect(polygonSize(polygon)).toBeGreaterThan(limit);
    const result = simplifyToFit(polygon, limit)!;
    expect(polygonSize(result.polygon)).toBeLessThanOrEqual(limit);
    // Within a factor of two of the limit: the bisection does not over-simplify.
    expect(polygonSize(result.polygon)).toBeGreaterThan(limit / 2);
    expect(vertexCount(result.polygon)).toBeLessThan(vertexCount(polygon));
    expect(readGeoJsonPolygon(result.polygon, { sizeLimit: limit }).ok).toBe(true);
  });

  // How long it takes is a benchmark's (npm run bench:polygon-simplify), not a test's: a busy machine takes longer.
  it('fits a 300,000-vertex polygon of about 12 MB under the size limit of 10,000,000', () => {
    const polygon = circle(300_000, 0.2);
    expect(polygonSize(polygon)).toBeGreaterThan(10_000_000);
    const result = simplifyToFit(polygon)!;
    expect(polygonSize(result.polygon)).toBeLessThanOrEqual(10_000_000);
    expect(polygonSize(result.polygon)).toBeGreaterThan(9_000_000);
  });

  it('answers undefined when not even a triangle fits', () => {
    expect(simplifyToFit(circle(100), 10)).toBeUndefined();
  });

  it('simplifies every ring of the polygon', () => {
    const polygon = simplifyPolygon(circle(500), 0.01);
    expect(vertexCount(polygon)).toBeLessThan(500);
  });
});
