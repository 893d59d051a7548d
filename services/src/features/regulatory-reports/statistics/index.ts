// The statistics of a regulatory report: quantiles, shares and the 80/80 consistent speed of a provider's
// measurements, each with its sample size and 95 % interval (Wilson and Newcombe for counts, a seeded cluster
// bootstrap over probes for the rest), and whether two providers differ.

export {
  type BootstrapOptions,
  bootstrapDifference,
  bootstrapInterval,
  differenceReplicates,
  drawMultiplicities,
  panelDifference,
  panelInterval,
  panelReplicates,
  percentileInterval,
} from './bootstrap.ts';
export { CONSISTENT_SPEED_PERCENTILE, consistentSpeed, consistentSpeedOfProbe } from './consistent-speed.ts';
export { type DifferenceInterval, differenceInterval, type Interval } from './interval.ts';
export { normalQuantile, twoSidedCriticalValue } from './normal-quantile.ts';
export {
  type OwnedSortedValues,
  type ProbePanel,
  probePanel,
  type SampleSize,
  sortedWithOwners,
} from './probe-panel.ts';
export {
  ascending,
  checkQuantileP,
  interpolate,
  mean,
  median,
  type QuantilePosition,
  quantile,
  quantilePosition,
} from './quantile.ts';
export {
  compareProviders,
  type ProviderComparison,
  panelFigure,
  type ReportFigure,
  reportFigure,
} from './report-figure.ts';
export { panelStatistic, type ResampledStatistic, resampledStatistic } from './resampled-statistic.ts';
export { type SeededRandom, seededRandom } from './seeded-random.ts';
export { shareDifference } from './share-difference.ts';
export type { Statistic } from './statistic.ts';
export { weightedQuantile } from './weighted-quantile.ts';
export { wilsonInterval } from './wilson-interval.ts';
