/** A confidence interval, both ends included. */
export interface Interval {
  low: number;
  high: number;
}

/** An estimate of a − b with its confidence interval; `differs` when the interval leaves 0 out. */
export interface DifferenceInterval extends Interval {
  difference: number;
  differs: boolean;
}

export const differenceInterval = (difference: number, { low, high }: Interval): DifferenceInterval => ({
  difference,
  low,
  high,
  differs: low > 0 || high < 0,
});
