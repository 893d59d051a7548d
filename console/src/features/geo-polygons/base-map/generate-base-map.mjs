// Regenerates world-110m.txt, the offline base layer of the polygon previews, from Natural Earth 1:110m data as
// packaged by world-atlas 2.0.2 (ISC; Natural Earth is public domain):
//   npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz
//   node generate-base-map.mjs package/countries-110m.json > world-110m.txt
// Output, one line per shape: `L` and a land ring (to fill) or `B` and a border between two countries (to stroke),
// then `lon lat lon lat …` rounded to 0.01° (about 1 km, finer than the data). Plain text, so the linter leaves it be.
import { readFileSync } from 'node:fs';

const topology = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const [scaleX, scaleY] = topology.transform.scale;
const [translateX, translateY] = topology.transform.translate;
const round = (value) => Math.round(value * 100) / 100;

// TopoJSON arcs are quantised and delta-encoded.
const arcs = topology.arcs.map((arc) => {
  let x = 0;
  let y = 0;
  return arc.map(([dx, dy]) => {
    x += dx;
    y += dy;
    return [round(x * scaleX + translateX), round(y * scaleY + translateY)];
  });
});
const arcPoints = (index) => (index >= 0 ? arcs[index] : [...arcs[~index]].reverse());

function ring(arcIndexes) {
  const points = [];
  for (const index of arcIndexes) {
    const next = arcPoints(index);
    points.push(...(points.length ? next.slice(1) : next));
  }
  return points.flat();
}

const polygonsOf = (geometry) =>
  geometry.type === 'Polygon' ? [geometry.arcs] : geometry.type === 'MultiPolygon' ? geometry.arcs : [];

const land = topology.objects.land.geometries.flatMap(polygonsOf).flatMap((polygon) => polygon.map(ring));

// An arc used by two countries is a border between them; one used once is a coast (drawn with the land).
const uses = new Map();
for (const country of topology.objects.countries.geometries)
  for (const polygon of polygonsOf(country))
    for (const arcIndexes of polygon)
      for (const index of arcIndexes) {
        const arc = index >= 0 ? index : ~index;
        uses.set(arc, (uses.get(arc) ?? 0) + 1);
      }
const borders = [...uses].filter(([, count]) => count > 1).map(([arc]) => arcs[arc].flat());

const line = (kind) => (points) => `${kind} ${points.join(' ')}`;
process.stdout.write(`${[...land.map(line('L')), ...borders.map(line('B'))].join('\n')}\n`);
