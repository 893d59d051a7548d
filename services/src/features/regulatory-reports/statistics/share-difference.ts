import { type DifferenceInterval, differenceInterval } from './interval.ts';
import { twoSidedCriticalValue } from './normal-quantile.ts';
import { wilsonInterval } from './wilson-interval.ts';

// Newcombe's hybrid score interval for p1 − p2 of two independent samples (Newcombe 1998, "Interval estimation for
// the difference between independent proportions", method 10): each share's Wilson interval [l, u] stands in for its
// variance on the side it bounds, so the interval is asymmetric where a share is near 0 or 1, as it should be.

/** The difference of two independent shares, x1/n1 − x2/n2, with its interval; null when a side has no trials. */
export function shareDifference(
  x1: number,
  n1: number,
  x2: number,
  n2: number,
  confidence = 0.95,
): DifferenceInterval | null {
  const first = wilsonInterval(x1, n1, confidence);
  const second = wilsonInterval(x2, n2, confidence);
  if (!first || !second) return null;
  const z = twoSidedCriticalValue(confidence);
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const difference = p1 - p2;
  const below = z * Math.sqrt((first.low * (1 - first.low)) / n1 + (second.high * (1 - second.high)) / n2);
  const above = z * Math.sqrt((first.high * (1 - first.high)) / n1 + (second.low * (1 - second.low)) / n2);
  return differenceInterval(difference, { low: difference - below, high: difference + above });
}
