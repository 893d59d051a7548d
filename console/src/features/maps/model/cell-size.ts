import type { MapBounds } from '../kepler/map-fit.ts';
import { mercatorX, mercatorY } from '../kepler/web-mercator.ts';

/** The grid levels a map's cells may have (web-mercator zoom levels: each one halves the cells' side). */
export const cellLevels = { coarsest: 4, finest: 18 } as const;
/** How many cells a map should have: fewer says little, more is noise (and a long table). */
export const cellCounts = { fewest: 50, most: 2000 } as const;
/** About how many samples a cell should hold for its value to mean something. */
export const samplesPerCell = 25;

/**
 * About how many cells of a level the bounds cover: the cells across their width times those across their height
 * (one more each way, as a box seldom starts on a cell's edge).
 */
export function cellsCovering(bounds: MapBounds, level: number) {
  const tiles = 2 ** level;
  const across = (mercatorX(bounds.east) - mercatorX(bounds.west)) * tiles + 1;
  const down = (mercatorY(bounds.south) - mercatorY(bounds.north)) * tiles + 1;
  return across * down;
}

/**
 * The cell size a map gets unless the user chooses one: the finest level whose cells over the samples' bounds are
 * no more than the samples allow (`samplesPerCell` each), kept between `cellCounts.fewest` and `cellCounts.most`.
 * Few samples over a large area get large cells; many over a small one, small cells.
 */
export function automaticCellLevel(bounds: MapBounds, samples: number) {
  const wanted = Math.max(cellCounts.fewest, Math.min(cellCounts.most, samples / samplesPerCell));
  let level: number = cellLevels.coarsest;
  while (level < cellLevels.finest && cellsCovering(bounds, level + 1) <= wanted) level++;
  return level;
}

/** How many levels finer than the last a look at the tiles goes: each look's answer at most so many times larger. */
export const lookStep = 3;

/**
 * The level the automatic cell size looks at next, having looked at `level`: the one the samples' bounds ask for (the
 * tightest bounds looked at so far), but no more than `lookStep` finer, since bounds from coarse cells are rough. The
 * size has settled when that is the level looked at.
 */
export const nextLookLevel = (level: number, bounds: MapBounds, samples: number) =>
  Math.min(level + lookStep, automaticCellLevel(bounds, samples));
