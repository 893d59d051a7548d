/**
 * Target: the console simplifies a polygon file too large for the polygon size limit in well under a few seconds, on
 * the browser's main thread. Simplifies a 300,000-vertex circle of about 12 MB to fit 10,000,000 bytes `BENCH_RUNS`
 * times (5) after one warm-up, and prints p50 / max and the size reached.
 *   npm run bench:polygon-simplify
 */
import type { PolygonGeometry, Position } from '@nq/contracts/configuration/polygon-measures';
import { polygonSize } from '@nq/contracts/configuration/polygon-measures';
import { simplifyToFit } from '@nq/contracts/configuration/polygon-simplify';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const vertices = 300_000;
const limit = 10_000_000;

const ring: Position[] = Array.from({ length: vertices }, (_, index) => {
  const angle = (2 * Math.PI * index) / vertices;
  return [-3.7 + 0.2 * Math.cos(angle), 40.4 + 0.2 * Math.sin(angle)];
});
const polygon: PolygonGeometry = { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };

simplifyToFit(polygon, limit);
const times: number[] = [];
let size = 0;
for (let run = 0; run < runs; run++) {
  const started = performance.now();
  const result = simplifyToFit(polygon, limit);
  times.push(performance.now() - started);
  size = result ? polygonSize(result.polygon) : 0;
}
times.sort((a, b) => a - b);
console.info(
  `polygon simplify: ${vertices} vertices, ${polygonSize(polygon)} bytes → ${size} bytes (limit ${limit}); ` +
    `p50 ${times[Math.floor(runs / 2)]!.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms over ${runs} runs`,
);
