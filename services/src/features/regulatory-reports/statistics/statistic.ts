/**
 * A figure a report gives of a provider's measurements: the mean, a quantile (the median is p 0.5; speeds' 10th
 * percentile, latencies' 95th), the share of measurements reaching a threshold (speeds: value ≥ threshold) or within
 * one (latencies: value ≤ threshold), or the 80/80 consistent speed (consistent-speed.ts).
 */
export type Statistic =
  | { readonly kind: 'mean' }
  | { readonly kind: 'quantile'; readonly p: number }
  | { readonly kind: 'shareAtLeast'; readonly threshold: number }
  | { readonly kind: 'shareAtMost'; readonly threshold: number }
  | { readonly kind: 'consistentSpeed' };
