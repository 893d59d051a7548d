import { type DifferenceInterval, differenceInterval, type Interval } from './interval.ts';
import { type ProbePanel, probePanel } from './probe-panel.ts';
import { quantile } from './quantile.ts';
import { panelStatistic, resampledStatistic } from './resampled-statistic.ts';
import { type SeededRandom, seededRandom } from './seeded-random.ts';
import type { Statistic } from './statistic.ts';

// The cluster bootstrap over probes: a resample draws as many probes as the panel has, with replacement, and pools
// their measurements; the interval is the percentile interval of the statistic over the resamples (the type 7
// quantiles at (1 − confidence)/2 and (1 + confidence)/2 of the resampled statistics). A report is reproducible: the
// generator's stream, seeded, is consumed in a fixed order, resample after resample, each drawing its probes one after
// the other (and for a difference, the first panel's probes, then the second's).

export interface BootstrapOptions {
  resamples: number;
  seed: number;
  /** 0.95 unless told. */
  confidence?: number;
}

/** Draws a resample: how many times each of the probes was drawn, written into `multiplicities` (one per probe). */
export function drawMultiplicities(random: SeededRandom, multiplicities: Int32Array): void {
  multiplicities.fill(0);
  const probes = multiplicities.length;
  for (let draw = 0; draw < probes; draw++) multiplicities[random.index(probes)]! += 1;
}

function checkOptions({ resamples, confidence = 0.95 }: BootstrapOptions): void {
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new RangeError(`A bootstrap takes a whole number of resamples, at least 1, not ${resamples}`);
  }
  if (!(confidence > 0 && confidence < 1)) {
    throw new RangeError(`A confidence is strictly between 0 and 1, not ${confidence}`);
  }
}

/** The percentile interval of resampled statistics (sorted here, in place). */
export function percentileInterval(replicates: Float64Array, confidence: number): Interval {
  replicates.sort();
  return { low: quantile(replicates, (1 - confidence) / 2), high: quantile(replicates, (1 + confidence) / 2) };
}

/** The statistic of each resample of a panel, in the order drawn. */
export function panelReplicates(panel: ProbePanel, statistic: Statistic, options: BootstrapOptions): Float64Array {
  checkOptions(options);
  const random = seededRandom(options.seed);
  const ofResample = resampledStatistic(panel, statistic);
  const multiplicities = new Int32Array(panel.probes);
  return Float64Array.from({ length: options.resamples }, () => {
    drawMultiplicities(random, multiplicities);
    return ofResample(multiplicities);
  });
}

/** The statistic of the first panel minus the second's, for each pair of resamples, in the order drawn. */
export function differenceReplicates(
  a: ProbePanel,
  b: ProbePanel,
  statistic: Statistic,
  options: BootstrapOptions,
): Float64Array {
  checkOptions(options);
  const random = seededRandom(options.seed);
  const ofA = resampledStatistic(a, statistic);
  const ofB = resampledStatistic(b, statistic);
  const multiplicitiesOfA = new Int32Array(a.probes);
  const multiplicitiesOfB = new Int32Array(b.probes);
  return Float64Array.from({ length: options.resamples }, () => {
    drawMultiplicities(random, multiplicitiesOfA);
    drawMultiplicities(random, multiplicitiesOfB);
    return ofA(multiplicitiesOfA) - ofB(multiplicitiesOfB);
  });
}

/** The interval of a panel's statistic; null when it has no probe with measurements. */
export function panelInterval(panel: ProbePanel, statistic: Statistic, options: BootstrapOptions): Interval | null {
  if (panel.probes === 0) return null;
  return percentileInterval(panelReplicates(panel, statistic, options), options.confidence ?? 0.95);
}

/** The difference of two independent panels' statistics with its interval; null when either has no data. */
export function panelDifference(
  a: ProbePanel,
  b: ProbePanel,
  statistic: Statistic,
  options: BootstrapOptions,
): DifferenceInterval | null {
  if (a.probes === 0 || b.probes === 0) return null;
  const interval = percentileInterval(differenceReplicates(a, b, statistic, options), options.confidence ?? 0.95);
  return differenceInterval(panelStatistic(a, statistic) - panelStatistic(b, statistic), interval);
}

/** The bootstrap interval of a statistic of measurements grouped by probe; null when there are none. */
export const bootstrapInterval = (
  valuesByProbe: readonly (readonly number[])[],
  statistic: Statistic,
  options: BootstrapOptions,
): Interval | null => panelInterval(probePanel(valuesByProbe), statistic, options);

/** Whether two providers' panels differ in a statistic: a − b, its bootstrap interval, and whether that leaves out 0. */
export const bootstrapDifference = (
  a: readonly (readonly number[])[],
  b: readonly (readonly number[])[],
  statistic: Statistic,
  options: BootstrapOptions,
): DifferenceInterval | null => panelDifference(probePanel(a), probePanel(b), statistic, options);
