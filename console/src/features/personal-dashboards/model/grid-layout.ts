import type { GraphicLayout } from '../api/dashboards-api.ts';

/** The dashboard grid (contract: 12 columns); a row's height in pixels. */
export const GRID_COLUMNS = 12;
export const ROW_HEIGHT_PX = 80;
const MAX_ROW = 1000;
const MAX_HEIGHT = 100;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** The layout moved by whole cells, kept inside the grid's columns and above its first row. */
export function moved(layout: GraphicLayout, columns: number, rows: number): GraphicLayout {
  return {
    ...layout,
    x: clamp(layout.x + columns, 0, GRID_COLUMNS - layout.w),
    y: clamp(layout.y + rows, 0, MAX_ROW),
  };
}

/** The layout grown or shrunk by whole cells: at least one cell, never past the grid's last column. */
export function resized(layout: GraphicLayout, columns: number, rows: number): GraphicLayout {
  return {
    ...layout,
    w: clamp(layout.w + columns, 1, GRID_COLUMNS - layout.x),
    h: clamp(layout.h + rows, 1, MAX_HEIGHT),
  };
}

/** A pointer's travel in pixels as whole grid cells, given the grid's width. */
export function cellsOf(dx: number, dy: number, gridWidth: number) {
  const columnWidth = gridWidth / GRID_COLUMNS || 1;
  return { columns: Math.round(dx / columnWidth), rows: Math.round(dy / ROW_HEIGHT_PX) };
}

export const sameLayout = (a: GraphicLayout, b: GraphicLayout) =>
  a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;

/** What an arrow key does to a layout: a cell in its direction. */
export const arrowSteps: Record<string, { columns: number; rows: number }> = {
  ArrowLeft: { columns: -1, rows: 0 },
  ArrowRight: { columns: 1, rows: 0 },
  ArrowUp: { columns: 0, rows: -1 },
  ArrowDown: { columns: 0, rows: 1 },
};

const overlaps = (a: GraphicLayout, b: GraphicLayout) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * Where every graphic sits once one has been placed: the others it would cover go down just below what they meet
 * (and so on down the grid), so no two overlap. Answers only the graphics whose place changed, the placed one first.
 */
export function placed<Graphic extends { id: string; layout: GraphicLayout }>(
  graphics: readonly Graphic[],
  id: string,
  layout: GraphicLayout,
): Graphic[] {
  const settled: GraphicLayout[] = [layout];
  const changed: Graphic[] = [];
  const mover = graphics.find((graphic) => graphic.id === id);
  if (mover) changed.push({ ...mover, layout });
  const others = graphics
    .filter((graphic) => graphic.id !== id)
    .sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x);
  for (const graphic of others) {
    let at = graphic.layout;
    for (
      let hit = settled.find((other) => overlaps(at, other));
      hit;
      hit = settled.find((other) => overlaps(at, other))
    )
      at = { ...at, y: hit.y + hit.h };
    settled.push(at);
    if (!sameLayout(at, graphic.layout)) changed.push({ ...graphic, layout: at });
  }
  return changed;
}
