import { boundsOf, type MapBounds, unionOf } from '../kepler/map-fit.ts';
import { latitudeOf, longitudeOf } from '../kepler/web-mercator.ts';

/** A cell of the maps' grid: web-mercator tile `x`/`y` of a zoom level (x from the west, y from the north). */
export interface GridCell {
  x: number;
  y: number;
}

/** The box a cell covers. */
export function cellBounds({ x, y }: GridCell, zoom: number): MapBounds {
  const tiles = 2 ** zoom;
  return {
    west: longitudeOf(x / tiles),
    east: longitudeOf((x + 1) / tiles),
    north: latitudeOf(y / tiles),
    south: latitudeOf((y + 1) / tiles),
  };
}

/** The box the cells cover together (nothing without cells). */
export const cellsBounds = (cells: readonly GridCell[], zoom: number) =>
  unionOf(cells.map((cell) => cellBounds(cell, zoom)));

/** A cell's centre: the middle of its tile, projected back (as the API places it). */
export function cellCentre({ x, y }: GridCell, zoom: number) {
  const tiles = 2 ** zoom;
  return { lat: latitudeOf((y + 0.5) / tiles), lon: longitudeOf((x + 0.5) / tiles) };
}

/**
 * Where the samples of the cells are, as well as the cells tell: the box of their centres (each cell's samples lie
 * within half a cell of its centre; the cells' own box would make a coarse level's samples look spread further).
 */
export const samplesBounds = (cells: readonly GridCell[], zoom: number) =>
  boundsOf(cells.map((cell) => cellCentre(cell, zoom)));
