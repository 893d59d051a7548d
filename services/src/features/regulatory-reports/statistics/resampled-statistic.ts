import { CONSISTENT_SPEED_PERCENTILE, consistentSpeedOfProbe } from './consistent-speed.ts';
import { type OwnedSortedValues, type ProbePanel, sortedWithOwners } from './probe-panel.ts';
import { checkQuantileP } from './quantile.ts';
import type { Statistic } from './statistic.ts';
import { weightedQuantile } from './weighted-quantile.ts';

// Every statistic is computed from a resample given as its probes' multiplicities, in two shapes that the kinds share:
// - a ratio of per-probe totals (mean: sums over counts; a share: counts meeting the threshold over counts), O(probes);
// - a weighted quantile over values presorted once with their probes (a quantile: every measurement; the consistent
//   speed: each probe's own consistent speed), O(values) with no sort.
// The panel's own statistic is the same function with every multiplicity 1.

/** A statistic of a resample, given how many times each of the panel's probes was drawn. */
export type ResampledStatistic = (multiplicities: Int32Array) => number;

const weightedSum = (perProbe: Float64Array, multiplicities: Int32Array): number => {
  let total = 0;
  for (let probe = 0; probe < perProbe.length; probe++) total += multiplicities[probe]! * perProbe[probe]!;
  return total;
};

const weightedRatio =
  (numerators: Float64Array, denominators: Float64Array): ResampledStatistic =>
  (multiplicities) =>
    weightedSum(numerators, multiplicities) / weightedSum(denominators, multiplicities);

const weightedQuantileOf =
  (sorted: OwnedSortedValues, sizes: Float64Array, p: number): ResampledStatistic =>
  (multiplicities) =>
    weightedQuantile(sorted, multiplicities, weightedSum(sizes, multiplicities), p);

const countsMeeting = (panel: ProbePanel, meets: (value: number) => boolean): Float64Array =>
  Float64Array.from(panel.sortedValuesOfProbe, (values) => values.reduce((count, value) => count + +meets(value), 0));

export function resampledStatistic(panel: ProbePanel, statistic: Statistic): ResampledStatistic {
  switch (statistic.kind) {
    case 'mean':
      return weightedRatio(panel.sums, panel.counts);
    case 'shareAtLeast': {
      const { threshold } = statistic;
      return weightedRatio(
        countsMeeting(panel, (value) => value >= threshold),
        panel.counts,
      );
    }
    case 'shareAtMost': {
      const { threshold } = statistic;
      return weightedRatio(
        countsMeeting(panel, (value) => value <= threshold),
        panel.counts,
      );
    }
    case 'quantile':
      checkQuantileP(statistic.p);
      return weightedQuantileOf(panel.pooled, panel.counts, statistic.p);
    case 'consistentSpeed': {
      const ofProbes = Float64Array.from(panel.sortedValuesOfProbe, consistentSpeedOfProbe);
      const probes = Int32Array.from(ofProbes, (_, probe) => probe);
      const one = new Float64Array(panel.probes).fill(1);
      return weightedQuantileOf(sortedWithOwners(ofProbes, probes), one, CONSISTENT_SPEED_PERCENTILE);
    }
  }
}

/** The statistic of the panel itself; NaN when it has no probes. */
export const panelStatistic = (panel: ProbePanel, statistic: Statistic): number =>
  resampledStatistic(panel, statistic)(new Int32Array(panel.probes).fill(1));
