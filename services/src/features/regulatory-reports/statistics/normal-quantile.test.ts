import { describe, expect, it } from 'vitest';
import { normalQuantile, twoSidedCriticalValue } from './normal-quantile.ts';

// Φ(z) by Simpson's rule over the density from 0 to z, independent of the algorithm under test.
function normalCdf(z: number): number {
  const steps = 2000;
  const width = z / steps;
  const density = (x: number) => Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI);
  let total = density(0) + density(z);
  for (let step = 1; step < steps; step++) total += (step % 2 === 1 ? 4 : 2) * density(step * width);
  return 0.5 + (total * width) / 3;
}

describe('normalQuantile', () => {
  it("gives R's qnorm()", () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 14);
    expect(normalQuantile(0.995)).toBeCloseTo(2.575829303548901, 14);
    expect(normalQuantile(0.95)).toBeCloseTo(1.644853626951472, 14);
    expect(normalQuantile(0.3)).toBeCloseTo(-0.5244005127080407, 14);
    expect(normalQuantile(1e-10)).toBeCloseTo(-6.361340902404056, 12);
    expect(normalQuantile(1e-20)).toBeCloseTo(-9.262340089798409, 12);
    expect(normalQuantile(0.5)).toBe(0);
  });

  it('inverts the normal distribution function, symmetrically about 0.5', () => {
    for (const p of [0.001, 0.01, 0.05, 0.2, 0.4, 0.6, 0.75, 0.9, 0.99, 0.999]) {
      expect(normalCdf(normalQuantile(p))).toBeCloseTo(p, 11);
      expect(normalQuantile(1 - p)).toBeCloseTo(-normalQuantile(p), 12);
    }
  });

  it('refuses p at or beyond 0 and 1, and a confidence outside (0, 1)', () => {
    for (const p of [0, 1, -0.1, Number.NaN]) expect(() => normalQuantile(p)).toThrow(RangeError);
    for (const confidence of [0, 1, 95]) expect(() => twoSidedCriticalValue(confidence)).toThrow(RangeError);
  });

  it('gives the z of a two-sided interval', () => {
    expect(twoSidedCriticalValue(0.95)).toBeCloseTo(1.959963984540054, 14);
    expect(twoSidedCriticalValue(0.9)).toBeCloseTo(1.644853626951472, 14);
  });
});
