import type { OwnedSortedValues } from './probe-panel.ts';
import { interpolate, quantilePosition } from './quantile.ts';

// A bootstrap resample is its probes' multiplicities (how many times each was drawn): in the resample, sorted, each
// presorted value stands as many times in a row as its probe was drawn. Its quantile is thus found by one walk over
// the presorted values, counting multiplicities up to the quantile's position, with no resample to build or sort. The
// walk starts from the nearer end, so it passes at most about half of the values.

/** The `quantile` of the values repeated by their owners' multiplicities; `total` is the count of that multiset. */
export function weightedQuantile(
  sorted: OwnedSortedValues,
  multiplicities: Int32Array,
  total: number,
  p: number,
): number {
  const { index, fraction } = quantilePosition(total, p);
  if (total === 0) return Number.NaN;
  const { values, owners } = sorted;
  const times = (at: number) => multiplicities[owners[at]!]!;
  if (index < total / 2) {
    let at = 0;
    let through = times(0); // positions 0 … through − 1 are filled
    while (through <= index) through += times(++at);
    const lower = values[at]!;
    if (fraction === 0 || through > index + 1) return interpolate(lower, lower, fraction);
    while (times(++at) === 0);
    return interpolate(lower, values[at]!, fraction);
  }
  const upperPosition = fraction === 0 ? index : index + 1;
  let at = values.length - 1;
  let from = total - times(at); // positions from … total − 1 are filled
  while (from > upperPosition) from -= times(--at);
  const upper = values[at]!;
  if (fraction === 0) return upper;
  if (from <= index) return interpolate(upper, upper, fraction);
  while (times(--at) === 0);
  return interpolate(values[at]!, upper, fraction);
}
