import { percentileKpiId } from '@nq/contracts';
/** Rounded to the microsecond (or the millionth): what a measurement keeps. */
export const rounded = (value: number) => Math.round(value * 1e6) / 1e6;

export const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The p-th percentile (0-100), interpolated between neighbours as the platform's analytics compute it. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = (p / 100) * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

/** The KPI id of a percentile of a KPI (the contracts' naming: `latencyP90`, `downloadP99_9`). */
export const percentileKpi = percentileKpiId;

/** The task's percentiles of `values` as KPIs named after `kpi`. */
export const percentileKpis = (kpi: string, values: readonly number[], percentiles: readonly number[]) =>
  values.length === 0
    ? {}
    : Object.fromEntries(percentiles.map((p) => [percentileKpi(kpi, p), rounded(percentile(values, p))]));

/** Mean absolute difference of consecutive values: jitter as RFC 3550 sees it, without its running smoothing. */
export function meanConsecutiveDifference(values: readonly number[]): number | undefined {
  if (values.length < 2) return undefined;
  let total = 0;
  for (let index = 1; index < values.length; index++) total += Math.abs(values[index]! - values[index - 1]!);
  return total / (values.length - 1);
}

/**
 * The KPIs of a series of round trips, in the order the packets were sent: latency is the mean RTT (the `avg` that
 * ping and most tools print, so that figures compare), jitter the mean difference of consecutive RTTs, loss the share
 * of packets sent that got no answer (%). With no answer, loss alone.
 */
export function roundTripKpis(
  rtts: readonly number[],
  sent: number,
  percentiles: readonly number[] = [],
): Record<string, number> {
  const loss = sent > 0 ? rounded(((sent - Math.min(rtts.length, sent)) / sent) * 100) : 0;
  if (rtts.length === 0) return { loss };
  const jitter = meanConsecutiveDifference(rtts);
  return {
    latency: rounded(mean(rtts)),
    ...(jitter === undefined ? {} : { jitter: rounded(jitter) }),
    loss,
    ...percentileKpis('latency', rtts, percentiles),
  };
}
