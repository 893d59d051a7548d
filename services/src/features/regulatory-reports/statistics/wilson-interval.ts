import type { Interval } from './interval.ts';
import { twoSidedCriticalValue } from './normal-quantile.ts';

// The Wilson score interval (1927) rather than the textbook p ± z √(p(1 − p)/n): it keeps within [0, 1], is not empty
// at 0 or n successes, and covers close to its nominal level for the small samples a provider's panel may have
// (Newcombe 1998, method 3).

function checkCounts(successes: number, trials: number): void {
  if (!Number.isInteger(successes) || !Number.isInteger(trials) || successes < 0 || successes > trials) {
    throw new RangeError(`Counts are whole numbers with 0 ≤ successes ≤ trials, not ${successes} of ${trials}`);
  }
}

/** The confidence interval of a share of successes among trials; null without trials. */
export function wilsonInterval(successes: number, trials: number, confidence = 0.95): Interval | null {
  checkCounts(successes, trials);
  const z = twoSidedCriticalValue(confidence);
  if (trials === 0) return null;
  const share = successes / trials;
  const zSquared = z * z;
  const scale = 1 + zSquared / trials;
  const centre = (share + zSquared / (2 * trials)) / scale;
  const halfWidth = (z / scale) * Math.sqrt((share * (1 - share)) / trials + zSquared / (4 * trials * trials));
  // At 0 or n successes the end is exactly 0 or 1, which the sum misses by a rounding error either way.
  return {
    low: successes === 0 ? 0 : centre - halfWidth,
    high: successes === trials ? 1 : centre + halfWidth,
  };
}
