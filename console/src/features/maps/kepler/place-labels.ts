import { type Pixel, toPixel } from './web-mercator.ts';
import { levels, maxLevel } from './zoom-levels.ts';

/** A named place of the base map and how many live there (0 when unknown: ranked last). */
export interface Place {
  name: string;
  lat: number;
  lon: number;
  population: number;
}

/**
 * How the map draws a place's name (map-layers' place layer): in 12 px type, `gap` pixels right of a small dot (kepler
 * puts a label 20 pixels past its dot's edge; the dot's radius, in kepler's units, is under a pixel: 2 is ample).
 */
export const placeLabelStyle = { dotRadius: 2, size: 12, gap: 20 } as const;
/** A rough width of a character of the label's type: enough to tell when two names would overlap. */
const characterWidth = 7;
/** Pixels kept free between two names. */
const margin = 4;

/**
 * How many inhabitants a place needs for its name to show from a level on (a village has room at country zoom, but
 * tells nothing there): from afar the capital, then cities, towns, and from street zoom every place, even unknown ones.
 */
const populationFrom: readonly (readonly [level: number, population: number])[] = [
  [12, 0],
  [11, 1],
  [10, 3_000],
  [9, 15_000],
  [8, 50_000],
  [7, 150_000],
  [0, 1_000_000],
];
export const populationShownAt = (level: number) =>
  populationFrom.find(([from]) => level >= from)?.[1] ?? Number.POSITIVE_INFINITY;

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The dot and the name written right of it, at a position on the screen. */
export function labelBox(place: Place, at: Pixel): Box {
  const { dotRadius, size, gap } = placeLabelStyle;
  const half = size * 0.6 + margin / 2;
  return {
    left: at.x - dotRadius - margin / 2,
    right: at.x + dotRadius + gap + place.name.length * characterWidth + margin / 2,
    top: at.y - half,
    bottom: at.y + half,
  };
}

const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The level from which each place's name shows (in the order given; past `maxLevel` for a name that never has room):
 * level by level, the names shown already keep their room, then the places populous enough for the level take theirs,
 * most populous first, each only where it overlaps no name shown. So the map names the larger places first and adds
 * smaller ones as it zooms in; a name, once shown, stays at every closer zoom.
 */
export function placeLevels(places: readonly Place[]): number[] {
  const byRank = places
    .map((place, index) => ({ place, index }))
    .sort((a, b) => b.place.population - a.place.population || a.index - b.index);
  const shownFrom = places.map(() => maxLevel + 1);
  for (const level of levels) {
    const boxes: Box[] = [];
    const boxAt = ({ place }: { place: Place }) => labelBox(place, toPixel(place, level));
    for (const entry of byRank) if (shownFrom[entry.index]! < level) boxes.push(boxAt(entry));
    for (const entry of byRank) {
      if (shownFrom[entry.index]! < level || entry.place.population < populationShownAt(level)) continue;
      const box = boxAt(entry);
      if (boxes.some((other) => overlap(box, other))) continue;
      boxes.push(box);
      shownFrom[entry.index] = level;
    }
  }
  return shownFrom;
}
