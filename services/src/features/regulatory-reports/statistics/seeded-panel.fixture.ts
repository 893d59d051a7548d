import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

export interface PanelShape {
  probes: number;
  /** Each probe has from 1 to this many measurements (or exactly this many when `equalSizes`). */
  measurementsPerProbe: number;
  /** The mean of the probes' levels, how far they spread, and how far a probe's measurements spread about its level. */
  centre: number;
  betweenProbes: number;
  withinProbe: number;
  seed: number;
  equalSizes?: boolean;
  /** Rounds every measurement to a whole number (whole kbit/s), so that sums are exact. */
  whole?: boolean;
}

/** A seeded panel of normally distributed measurements (Box–Muller), grouped by probe. */
export function normalPanel(shape: PanelShape): number[][] {
  const generator = xoroshiro128plus(shape.seed);
  const normal = () => {
    const radius = Math.sqrt(-2 * Math.log(1 - uniformFloat64(generator)));
    return radius * Math.cos(2 * Math.PI * uniformFloat64(generator));
  };
  return Array.from({ length: shape.probes }, () => {
    const level = shape.centre + shape.betweenProbes * normal();
    const size = shape.equalSizes ? shape.measurementsPerProbe : uniformInt(generator, 1, shape.measurementsPerProbe);
    return Array.from({ length: size }, () => {
      const value = level + shape.withinProbe * normal();
      return shape.whole ? Math.round(value) : value;
    });
  });
}
