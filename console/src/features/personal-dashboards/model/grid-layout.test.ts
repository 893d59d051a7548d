import { describe, expect, it } from 'vitest';
import { cellsOf, moved, resized } from './grid-layout.ts';

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
