import type { WindowScores } from '@nq/contracts';

const ttlMs = 10 * 60_000;
const maxEntries = 500;

/**
 * The scores of past windows, kept a while: the storyboard's trend compares the last 30 days with the 30 whole days
 * before them, which are over, so each scorecard's previous scores need computing once in a while, not at every
 * visit. Keyed by scorecard, configuration version, scope and window; a late measurement in a past window shows
 * within 10 minutes.
 */
export function previousScoresCache(now: () => number = Date.now) {
  const entries = new Map<string, { at: number; scores: Promise<WindowScores> }>();
  return async function cached(key: string, compute: () => Promise<WindowScores>): Promise<WindowScores> {
    const entry = entries.get(key);
    if (entry && now() - entry.at < ttlMs) return entry.scores;
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    const scores = compute();
    entries.set(key, { at: now(), scores });
    // A failure is not kept: the next visit asks again.
    scores.catch(() => entries.delete(key));
    return scores;
  };
}
export type PreviousScoresCache = ReturnType<typeof previousScoresCache>;
