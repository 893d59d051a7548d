import type { Position } from '@nq/contracts/configuration/polygon-measures';

// The polygon previews draw in SVG with an equirectangular projection whose standard parallel is the middle of the
// view (so a square in kilometres looks square at Madrid's latitude), fitted to the shapes' bounds.

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

export function boundsOf(rings: Iterable<readonly Position[]>): Bounds | undefined {
  let bounds: Bounds | undefined;
  for (const ring of rings)
    for (const [lon = 0, lat = 0] of ring) {
      bounds = bounds
        ? {
            west: Math.min(bounds.west, lon),
            south: Math.min(bounds.south, lat),
            east: Math.max(bounds.east, lon),
            north: Math.max(bounds.north, lat),
          }
        : { west: lon, south: lat, east: lon, north: lat };
    }
  return bounds;
}

export interface Projection {
  /** [x, y] in view pixels of a [longitude, latitude]. */
  project(position: Position): [number, number];
  /** What the view shows, in degrees (wider than the bounds it was fitted to, to match the view's shape). */
  visible: Bounds;
  width: number;
  height: number;
  /** Pixels per degree of latitude. */
  scale: number;
}

/** The smallest span shown, in degrees of latitude (about 1 km): a tiny polygon still shows its surroundings. */
const minimumSpan = 0.01;
/** The view when there is nothing to show: the default map centre is in Madrid (docs/product/screens.md#maps). */
export const madrid: Bounds = { west: -3.9, south: 40.3, east: -3.5, north: 40.55 };

/** An equirectangular projection fitting `bounds` in a `width`×`height` view with `padding` (a share of the view). */
export function fitProjection(bounds: Bounds | undefined, width: number, height: number, padding = 0.1): Projection {
  const area = bounds ?? madrid;
  const middleLatitude = (area.north + area.south) / 2;
  const stretch = Math.cos((middleLatitude * Math.PI) / 180) || 1e-6;
  const centre = [(area.west + area.east) / 2, middleLatitude] as const;
  const spanX = Math.max((area.east - area.west) * stretch, minimumSpan);
  const spanY = Math.max(area.north - area.south, minimumSpan);
  const usable = 1 - 2 * padding;
  const scale = Math.min((width * usable) / spanX, (height * usable) / spanY);
  const halfWidth = width / 2 / scale / stretch;
  const halfHeight = height / 2 / scale;
  return {
    width,
    height,
    scale,
    project: ([lon = 0, lat = 0]) => [
      width / 2 + (lon - centre[0]) * stretch * scale,
      height / 2 - (lat - centre[1]) * scale,
    ],
    visible: {
      west: centre[0] - halfWidth,
      east: centre[0] + halfWidth,
      south: centre[1] - halfHeight,
      north: centre[1] + halfHeight,
    },
  };
}

const pixel = (value: number) => Math.round(value * 10) / 10;

/**
 * An SVG path of rings (a polygon and its holes, or a line when `closed` is false). Consecutive vertices that land
 * on the same tenth of a pixel are drawn once, so a polygon of 250,000 vertices stays a light path.
 */
export function svgPath(rings: Iterable<readonly Position[]>, projection: Projection, closed = true): string {
  const parts: string[] = [];
  for (const ring of rings) {
    let previous = '';
    ring.forEach((position, index) => {
      const [x, y] = projection.project(position);
      const point = `${pixel(x)} ${pixel(y)}`;
      if (point === previous) return;
      parts.push(`${index === 0 ? 'M' : 'L'}${point}`);
      previous = point;
    });
    if (closed && ring.length > 0) parts.push('Z');
  }
  return parts.join('');
}

export const intersects = (a: Bounds, b: Bounds) =>
  a.west <= b.east && b.west <= a.east && a.south <= b.north && b.south <= a.north;

const niceSteps = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 45, 90];

/** A graticule step (degrees) giving at most `lines` lines across a span of degrees. */
export const graticuleStep = (span: number, lines = 8): number => niceSteps.find((step) => span / step <= lines) ?? 90;

/** The multiples of `step` within [from, to]. */
export function gridValues(from: number, to: number, step: number): number[] {
  const values: number[] = [];
  for (let index = Math.ceil(from / step); index * step <= to; index++) values.push(Number((index * step).toFixed(6)));
  return values;
}

const metresPerDegree = 111_320;

/** A scale bar about a fifth of the view wide, at a round distance (1, 2 or 5 times a power of ten metres). */
export function scaleBar(projection: Projection): { pixels: number; metres: number } {
  const target = ((projection.width / 5) * metresPerDegree) / projection.scale;
  const power = 10 ** Math.floor(Math.log10(target));
  const metres = [5, 2, 1].map((factor) => factor * power).find((distance) => distance <= target) ?? power;
  return { metres, pixels: (metres / metresPerDegree) * projection.scale };
}
