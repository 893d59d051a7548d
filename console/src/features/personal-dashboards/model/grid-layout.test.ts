import { describe, expect, it } from 'vitest';
import { cellsOf, moved, placed, resized } from './grid-layout.ts';

const layout = { x: 2, y: 1, w: 6, h: 4 };

describe('the dashboard grid', () => {
  it('moves a graphic by whole cells, inside the 12 columns and below the first row', () => {
    expect(moved(layout, 3, 2)).toEqual({ x: 5, y: 3, w: 6, h: 4 });
    expect(moved(layout, 10, 0).x).toBe(6);
    expect(moved(layout, -5, -5)).toMatchObject({ x: 0, y: 0 });
  });

  it('resizes a graphic to at least one cell, never past the last column', () => {
    expect(resized(layout, 2, -1)).toEqual({ x: 2, y: 1, w: 8, h: 3 });
    expect(resized(layout, 9, 0).w).toBe(10);
    expect(resized(layout, -9, -9)).toMatchObject({ w: 1, h: 1 });
  });

  it('turns a pointer travel into cells of the grid', () => {
    expect(cellsOf(130, 170, 1200)).toEqual({ columns: 1, rows: 2 });
    expect(cellsOf(-260, 0, 1200)).toEqual({ columns: -3, rows: 0 });
  });
});

describe('placing a graphic on the grid', () => {
  const graphics = [
    { id: 'a', layout: { x: 0, y: 0, w: 6, h: 4 } },
    { id: 'b', layout: { x: 6, y: 0, w: 6, h: 4 } },
    { id: 'c', layout: { x: 6, y: 4, w: 6, h: 2 } },
  ];

  it('moves down the graphics it would cover, and those they would cover in turn', () => {
    expect(placed(graphics, 'a', { x: 4, y: 0, w: 6, h: 4 })).toEqual([
      { id: 'a', layout: { x: 4, y: 0, w: 6, h: 4 } },
      { id: 'b', layout: { x: 6, y: 4, w: 6, h: 4 } },
      { id: 'c', layout: { x: 6, y: 8, w: 6, h: 2 } },
    ]);
  });

  it('changes nothing else when it lands on free cells', () => {
    expect(placed(graphics, 'a', { x: 0, y: 1, w: 6, h: 4 })).toEqual([
      { id: 'a', layout: { x: 0, y: 1, w: 6, h: 4 } },
    ]);
  });
});
