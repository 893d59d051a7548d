import { ascending, quantile } from './quantile.ts';

// The "80/80 consistent speed" of the FCC's Measuring Broadband America: the speed that 80 % of the panel's probes
// reach or exceed in at least 80 % of their tests. Each probe's figure is the speed it reaches or exceeds in 80 % of
// its tests, its 20th percentile; the provider's is the speed that 80 % of the probes' figures reach or exceed, their
// 20th percentile. Both percentiles are type 7 (quantile.ts). The FCC computes it over each test's ratio to the
// advertised speed: pass ratios to get its figure. The FCC also leaves out units with too few tests; so should the
// caller, which knows the report's rule.

/** The percentile a consistent speed takes, at both stages: what 80 % reach or exceed. */
export const CONSISTENT_SPEED_PERCENTILE = 0.2;

/** A probe's consistent speed, from its measurements sorted in ascending order. */
export const consistentSpeedOfProbe = (sortedAscending: ArrayLike<number>): number =>
  quantile(sortedAscending, CONSISTENT_SPEED_PERCENTILE);

/** The 80/80 consistent speed of a panel; probes without measurements take no part. NaN when no probe has any. */
export function consistentSpeed(valuesByProbe: readonly (readonly number[])[]): number {
  const ofProbes = valuesByProbe
    .filter((values) => values.length > 0)
    .map((values) => consistentSpeedOfProbe(ascending(values)));
  return quantile(ascending(ofProbes), CONSISTENT_SPEED_PERCENTILE);
}
