/**
 * Where a score sits on the scorecard's scale (0 to its max score), in five bands from poor to excellent. Colours
 * come with the band's name, so the matrix never says it with colour alone.
 */
export const scoreBands = ['poor', 'weak', 'fair', 'good', 'excellent'] as const;
export type ScoreBand = (typeof scoreBands)[number];

export function scoreBand(score: number, maxScore: number): ScoreBand {
  const share = maxScore > 0 ? Math.min(1, Math.max(0, score / maxScore)) : 0;
  return scoreBands[Math.min(scoreBands.length - 1, Math.floor(share * scoreBands.length))]!;
}

export const bandClasses: Record<ScoreBand, string> = {
  poor: 'bg-rose-100 text-rose-900',
  weak: 'bg-orange-100 text-orange-900',
  fair: 'bg-amber-100 text-amber-900',
  good: 'bg-lime-100 text-lime-900',
  excellent: 'bg-emerald-200 text-emerald-900',
};

/** How a change reads for the user: scores are better higher; a KPI's raw value by its direction (`inverse`). */
export type Trend = 'better' | 'worse' | 'same';

export function trendOf(before: number | null, after: number | null, lowerIsBetter = false): Trend | undefined {
  if (before === null || after === null) return undefined;
  const change = after - before;
  if (Math.abs(change) < 1e-9) return 'same';
  return change > 0 !== lowerIsBetter ? 'better' : 'worse';
}
