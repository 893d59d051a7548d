// Quantiles are Hyndman and Fan's type 7 (1996), the default of R's quantile() and of NumPy: with n sorted values
// x[0] ≤ … ≤ x[n − 1], the p-quantile lies at position h = (n − 1) p and interpolates linearly between x[⌊h⌋] and
// x[⌊h⌋ + 1]. The bootstrap's weighted quantile (weighted-quantile.ts) locates the same position in a resample it
// never materialises, and must interpolate with the same arithmetic to give the same figure to the last bit.

/** Where the p-quantile of n sorted values lies: between the values at `index` and `index + 1`. */
export interface QuantilePosition {
  index: number;
  fraction: number;
}

export function checkQuantileP(p: number): void {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`A quantile's p is between 0 and 1, not ${p}`);
}

export function quantilePosition(count: number, p: number): QuantilePosition {
  checkQuantileP(p);
  const position = (count - 1) * p;
  const index = Math.floor(position);
  return { index, fraction: position - index };
}

export const interpolate = (lower: number, upper: number, fraction: number): number =>
  fraction === 0 ? lower : lower + fraction * (upper - lower);

/** The p-quantile (type 7) of values sorted in ascending order; NaN when there are none. */
export function quantile(sortedAscending: ArrayLike<number>, p: number): number {
  const count = sortedAscending.length;
  const { index, fraction } = quantilePosition(count, p);
  if (count === 0) return Number.NaN;
  const lower = sortedAscending[index]!;
  return interpolate(lower, sortedAscending[Math.min(index + 1, count - 1)]!, fraction);
}

export const ascending = (values: Iterable<number>): Float64Array => Float64Array.from(values).sort();

/** The median of values in any order; NaN when there are none. */
export const median = (values: Iterable<number>): number => quantile(ascending(values), 0.5);

/** The arithmetic mean; NaN when there are no values. */
export function mean(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total / values.length;
}
