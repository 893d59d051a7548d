import type { MosEntry } from '@nq/contracts';

// The score a KPI value earns under a MOS entry's mapping function (docs/product/entities.md#value-lists, "Score
// mapping functions"), from 0 to maxScore. The limits are ordered lower ≤ upper ≤ absoluteUpper (mos-entry-rules.ts).
// Scorecard calculations build on this; a NaN value scores NaN so that callers can tell "no value" from "scored 0".
//
// - linear: lower → 0, upper → maxScore, a straight line between, clamped outside (higher is better).
// - linearDoubleSlope: two straight lines with a knee at upper: lower → 0 to upper → knee × maxScore (steep), then
//   upper → knee × maxScore to absoluteUpper → maxScore (gentle), clamped outside. `knee` defaults to 0.8: most of
//   the score is earned by reaching upper, the rest by going up to absoluteUpper.
// - squareRoot: maxScore × √(linear share) between lower and upper, clamped: early gains weigh more (concave).
// - invertedLinear: for lower-is-better KPIs (latency, loss): lower → maxScore, upper → 0, a straight line between,
//   clamped outside.
// When two limits coincide the line becomes a step: reaching the limit earns the full share.

export interface ScoreOptions {
  /** The score at the top of the scale (the scorecard's max score); 1 gives a share. */
  maxScore?: number;
  /** linearDoubleSlope: the share of maxScore reached at upper, 0 to 1. */
  knee?: number;
}

export const defaultDoubleSlopeKnee = 0.8;

/** Where value lies from `from` (0) to `to` (1), clamped; a step at `to` when the two coincide. */
function share(value: number, from: number, to: number): number {
  if (to > from) return Math.min(1, Math.max(0, (value - from) / (to - from)));
  return value >= to ? 1 : 0;
}

export function scoreFor(
  value: number,
  entry: Pick<MosEntry, 'mappingFunction' | 'limits'>,
  { maxScore = 1, knee = defaultDoubleSlopeKnee }: ScoreOptions = {},
): number {
  if (Number.isNaN(value)) return Number.NaN;
  const { lower, upper, absoluteUpper } = entry.limits;
  switch (entry.mappingFunction) {
    case 'linear':
      return maxScore * share(value, lower, upper);
    case 'linearDoubleSlope':
      return value <= upper
        ? maxScore * knee * share(value, lower, upper)
        : maxScore * (knee + (1 - knee) * share(value, upper, absoluteUpper));
    case 'squareRoot':
      return maxScore * Math.sqrt(share(value, lower, upper));
    case 'invertedLinear':
      // Mirrored linear: the share of the way from upper down to lower.
      return maxScore * share(-value, -upper, -lower);
    default: {
      const unknown: never = entry.mappingFunction;
      throw new Error(`Unknown mapping function ${String(unknown)}`);
    }
  }
}
