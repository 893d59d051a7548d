import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  fitProjection,
  graticuleStep,
  gridValues,
  intersects,
  madrid,
  scaleBar,
  svgPath,
} from './projection.ts';

const square = [
  [-3.8, 40.3],
  [-3.6, 40.3],
  [-3.6, 40.5],
  [-3.8, 40.5],
  [-3.8, 40.3],
];

describe('boundsOf', () => {
  it('spans every position of every ring', () => {
    expect(boundsOf([square, [[-4, 41]]])).toEqual({ west: -4, south: 40.3, east: -3.6, north: 41 });
  });
  it('is undefined with nothing to bound', () => {
    expect(boundsOf([])).toBeUndefined();
  });
});

describe('fitProjection', () => {
  it('centres the bounds in the view and keeps the padding on the constraining side', () => {
    const projection = fitProjection(boundsOf([square]), 400, 300, 0.1);
    const [x, y] = projection.project([-3.7, 40.4]);
    expect(x).toBeCloseTo(200);
    expect(y).toBeCloseTo(150);
    const [, top] = projection.project([-3.7, 40.5]);
    const [, bottom] = projection.project([-3.7, 40.3]);
    expect(top).toBeCloseTo(30);
    expect(bottom).toBeCloseTo(270);
  });

  it('draws north up and east right', () => {
    const projection = fitProjection(boundsOf([square]), 400, 300);
    const [west] = projection.project([-3.8, 40.4]);
    const [east] = projection.project([-3.6, 40.4]);
    const [, north] = projection.project([-3.7, 40.5]);
    const [, south] = projection.project([-3.7, 40.3]);
    expect(east).toBeGreaterThan(west);
    expect(south).toBeGreaterThan(north);
  });

  it('narrows degrees of longitude by the cosine of the latitude (a square in kilometres stays square)', () => {
    const projection = fitProjection(boundsOf([square]), 400, 400);
    const [west] = projection.project([-3.8, 40.4]);
    const [east] = projection.project([-3.6, 40.4]);
    const [, north] = projection.project([-3.7, 40.5]);
    const [, south] = projection.project([-3.7, 40.3]);
    expect((east - west) / (south - north)).toBeCloseTo(Math.cos((40.4 * Math.PI) / 180), 3);
  });

  it('shows Madrid when there is nothing to fit, and a visible area covering the bounds', () => {
    const projection = fitProjection(undefined, 400, 300);
    expect(intersects(projection.visible, madrid)).toBe(true);
    const fitted = fitProjection(boundsOf([square]), 400, 300);
    expect(fitted.visible.west).toBeLessThan(-3.8);
    expect(fitted.visible.north).toBeGreaterThan(40.5);
  });

  it('does not divide by zero for a single point', () => {
    const projection = fitProjection(boundsOf([[[2, 41]]]), 100, 100);
    expect(projection.project([2, 41])).toEqual([50, 50]);
  });
});

describe('svgPath', () => {
  it('moves, draws lines and closes each ring', () => {
    const projection = fitProjection(boundsOf([square]), 400, 300);
    const path = svgPath([square], projection);
    expect(path.startsWith('M')).toBe(true);
    expect(path.match(/L/g)).toHaveLength(4);
    expect(path.endsWith('Z')).toBe(true);
  });

  it('drops vertices that fall on the same spot of the screen', () => {
    const projection = fitProjection(boundsOf([square]), 400, 300);
    const dense = [square[0]!, [-3.8 + 1e-9, 40.3], ...square.slice(1)];
    expect(svgPath([dense], projection)).toBe(svgPath([square], projection));
  });

  it('leaves lines open', () => {
    const projection = fitProjection(boundsOf([square]), 400, 300);
    expect(svgPath([square.slice(0, 2)], projection, false)).not.toContain('Z');
  });
});

describe('graticule', () => {
  it('picks a round step giving a handful of lines', () => {
    expect(graticuleStep(0.4)).toBe(0.05);
    expect(graticuleStep(9)).toBe(2);
    expect(graticuleStep(9, 4)).toBe(5);
  });
  it('lists the multiples of the step within a range', () => {
    expect(gridValues(40.21, 40.6, 0.1)).toEqual([40.3, 40.4, 40.5, 40.6]);
    expect(gridValues(-3.95, -3.45, 0.2)).toEqual([-3.8, -3.6]);
  });
});

describe('scaleBar', () => {
  it('shows a round distance about a fifth of the view wide', () => {
    const projection = fitProjection(boundsOf([square]), 500, 300);
    const bar = scaleBar(projection);
    expect([1, 2, 5].some((factor) => Number.isInteger(Math.log10(bar.metres / factor)))).toBe(true);
    expect(bar.pixels).toBeLessThanOrEqual(100);
    expect(bar.pixels).toBeGreaterThan(100 / 5);
    // 0.2° of latitude is about 22 km; the view is 300 px for 0.25° (padding), so 100 px ≈ 9.3 km → 5 km.
    expect(bar.metres).toBe(5_000);
  });
});
