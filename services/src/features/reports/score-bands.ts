/**
 * Where a score sits on the scorecard's scale, in the five bands the scorecard screens colour it with (the console's
 * `score-scale.ts`: Tailwind's 100/200 fills and 900 texts, written here as the hex values they stand for).
 */
export const scoreBands = ['poor', 'weak', 'fair', 'good', 'excellent'] as const;
export type ScoreBand = (typeof scoreBands)[number];

export function scoreBand(score: number, maxScore: number): ScoreBand {
  const share = maxScore > 0 ? Math.min(1, Math.max(0, score / maxScore)) : 0;
  return scoreBands[Math.min(scoreBands.length - 1, Math.floor(share * scoreBands.length))]!;
}

export const bandColours: Record<ScoreBand, { fill: string; colour: string }> = {
  poor: { fill: '#ffe4e6', colour: '#881337' },
  weak: { fill: '#ffedd5', colour: '#7c2d12' },
  fair: { fill: '#fef3c7', colour: '#78350f' },
  good: { fill: '#ecfccb', colour: '#365314' },
  excellent: { fill: '#a7f3d0', colour: '#064e3b' },
};
