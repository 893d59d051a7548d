/** What a change gave and took away of what an entity reaches (screens, profiles, data it may see). */
export interface Reach {
  gained: boolean;
  lost: boolean;
}

/** The events of a field intent that widens or narrows what an entity reaches: `AccessWidened`, `…Narrowed`, `…Changed`. */
export const reachEvents = (what: string) => [`${what}Widened`, `${what}Narrowed`, `${what}Changed`] as const;

/**
 * Widened when the change only gave, narrowed when it only took away; changed when it did both or neither (a
 * rearrangement), or when what was reached before is unknown (an update stored before the intent was declared).
 */
export function reachEventOf(what: string, reach: Reach | undefined): string {
  if (reach?.gained && !reach.lost) return `${what}Widened`;
  if (reach?.lost && !reach.gained) return `${what}Narrowed`;
  return `${what}Changed`;
}

/** The ids added to and removed from a list. */
export function idsReach(before: readonly string[], after: readonly string[]): Reach {
  return {
    gained: after.some((id) => !before.includes(id)),
    lost: before.some((id) => !after.includes(id)),
  };
}

/** Several changes at once: what any of them gave or took. */
export const combinedReach = (reaches: readonly Reach[]): Reach => ({
  gained: reaches.some((reach) => reach.gained),
  lost: reaches.some((reach) => reach.lost),
});
