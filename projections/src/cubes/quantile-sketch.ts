import { DDSketch } from '@datadog/sketches-js';
import { quantileSketchAccuracy } from '@nq/contracts';

// A cube row keeps each KPI's values as DDSketch bins: slot → how many values fell in it. Bins of rows merge by
// adding counts, in Elasticsearch (a nested terms aggregation) or SQL (unnest and sum) alike, and the merged bins
// answer any quantile within the sketch's relative accuracy.

/** Bins as stored: parallel arrays of slots and counts. */
export interface Bins {
  slots: number[];
  counts: number[];
}

const mapping = new DDSketch({ relativeAccuracy: quantileSketchAccuracy }).mapping;
/**
 * Slots are signed: positive values above `shift`, negative ones below -`shift`, 0 for values too close to zero to
 * map; the shift keeps every mapped key (|value| from about 1e-300 to 1e300 at 1 %) on its side of zero.
 */
const shift = 40_000;
const smallest = mapping.minPossible;

export function slotOf(value: number): number {
  const magnitude = Math.abs(value);
  if (magnitude < smallest) return 0;
  const slot = mapping.key(magnitude) + shift;
  return value < 0 ? -slot : slot;
}

/** The value a slot stands for (within the accuracy of every value in it). */
export function valueOfSlot(slot: number): number {
  if (slot === 0) return 0;
  const value = mapping.value(Math.abs(slot) - shift);
  return slot < 0 ? -value : value;
}

/** Adds one value to bins kept as a map. */
export const addToBins = (bins: Map<number, number>, value: number, count = 1) => {
  const slot = slotOf(value);
  bins.set(slot, (bins.get(slot) ?? 0) + count);
};

export const binsOf = (bins: Map<number, number>): Bins => {
  const slots = [...bins.keys()].sort((a, b) => a - b);
  return { slots, counts: slots.map((slot) => bins.get(slot)!) };
};

export const mergeBins = (into: Map<number, number>, bins: Bins) => {
  bins.slots.forEach((slot, index) => {
    into.set(slot, (into.get(slot) ?? 0) + bins.counts[index]!);
  });
};

/**
 * The value at quantile q (0 to 1) of merged bins, as PostgreSQL's percentile_cont defines it: between the values of
 * ranks ⌊q·(n−1)⌋ and ⌈q·(n−1)⌉, linearly. Each is its bin's value, within the sketch's accuracy of the exact one, so
 * the answer is too; the exact minimum and maximum, when known, bound it.
 */
export function quantileOf(bins: Map<number, number>, q: number, bounds?: { min: number; max: number }): number {
  const slots = [...bins.keys()].sort((a, b) => a - b);
  const total = slots.reduce((sum, slot) => sum + bins.get(slot)!, 0);
  if (total === 0) return Number.NaN;
  const rank = q * (total - 1);
  const valueAtRank = (wanted: number) => {
    let seen = 0;
    for (const slot of slots) {
      seen += bins.get(slot)!;
      if (seen > wanted) return valueOfSlot(slot);
    }
    return valueOfSlot(slots.at(-1)!);
  };
  const below = valueAtRank(Math.floor(rank));
  const above = valueAtRank(Math.ceil(rank));
  const value = below + (rank - Math.floor(rank)) * (above - below);
  return bounds ? Math.min(bounds.max, Math.max(bounds.min, value)) : value;
}
