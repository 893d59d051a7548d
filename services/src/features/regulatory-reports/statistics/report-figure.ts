import { type BootstrapOptions, panelDifference, panelInterval } from './bootstrap.ts';
import type { DifferenceInterval } from './interval.ts';
import { type ProbePanel, probePanel, type SampleSize } from './probe-panel.ts';
import { panelStatistic } from './resampled-statistic.ts';
import type { Statistic } from './statistic.ts';

/** A figure as a report publishes it: the value, its confidence interval and what it rests on; null without data. */
export interface ReportFigure extends SampleSize {
  value: number | null;
  low: number | null;
  high: number | null;
  confidence: number;
}

/** Two providers' figures and their difference (the first's minus the second's). */
export interface ProviderComparison {
  a: ReportFigure;
  b: ReportFigure;
  difference: DifferenceInterval | null;
}

export function panelFigure(panel: ProbePanel, statistic: Statistic, options: BootstrapOptions): ReportFigure {
  const interval = panelInterval(panel, statistic, options);
  return {
    value: interval ? panelStatistic(panel, statistic) : null,
    low: interval?.low ?? null,
    high: interval?.high ?? null,
    confidence: options.confidence ?? 0.95,
    measurements: panel.measurements,
    probes: panel.probes,
  };
}

/** A statistic of a provider's measurements, grouped by probe, with its cluster-bootstrap interval. */
export const reportFigure = (
  valuesByProbe: readonly (readonly number[])[],
  statistic: Statistic,
  options: BootstrapOptions,
): ReportFigure => panelFigure(probePanel(valuesByProbe), statistic, options);

/** Two providers' figures of a statistic and whether they differ; each bootstrap is seeded with `options.seed`. */
export function compareProviders(
  a: readonly (readonly number[])[],
  b: readonly (readonly number[])[],
  statistic: Statistic,
  options: BootstrapOptions,
): ProviderComparison {
  const panelA = probePanel(a);
  const panelB = probePanel(b);
  return {
    a: panelFigure(panelA, statistic, options),
    b: panelFigure(panelB, statistic, options),
    difference: panelDifference(panelA, panelB, statistic, options),
  };
}
