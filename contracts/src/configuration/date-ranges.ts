import { z } from 'zod';
import { utcInstant } from './common.ts';

// Universes and clusters hold probes over date ranges, and the ranges of one probe must not overlap
// (docs/product/entities.md and rules.md). A range is half-open, [start, end): a probe leaving at 10:00 may join again
// at 10:00. No end means still running.

const endAfterStart = (range: { start: string; end?: string | undefined }) =>
  range.end === undefined || Date.parse(range.start) < Date.parse(range.end);
const endAfterStartRule = { message: 'validation.endBeforeStart', path: ['end'] };

/** A period: start inclusive, end exclusive and optional (still running). */
export const dateRangeSchema = z
  .object({ start: utcInstant, end: utcInstant.optional() })
  .refine(endAfterStart, endAfterStartRule);
export type DateRange = z.output<typeof dateRangeSchema>;

/** A probe's membership of a universe or cluster over a period. */
export const probeMembershipSchema = z
  .object({
    probeId: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required'),
    start: utcInstant,
    end: utcInstant.optional(),
  })
  .refine(endAfterStart, endAfterStartRule);
export type ProbeMembership = z.output<typeof probeMembershipSchema>;

/** Two ranges (indexes into the list given) that share an instant; `probeId` when they belong to one probe. */
export interface RangeOverlap {
  probeId?: string;
  ranges: [number, number];
}

const endOf = (range: DateRange) => (range.end === undefined ? Number.POSITIVE_INFINITY : Date.parse(range.end));
const overlap = (a: DateRange, b: DateRange) => Date.parse(a.start) < endOf(b) && Date.parse(b.start) < endOf(a);

/**
 * The pairs of ranges that overlap: among the ranges of the same probe for memberships, among all of them for plain
 * date ranges. Empty when none do.
 */
export function overlappingRanges(ranges: readonly (DateRange & { probeId?: string })[]): RangeOverlap[] {
  // Only the ranges of one probe can overlap: compared within each probe's own, not every pair of a universe of
  // 25,000 members (300 million pairs, seconds of the event loop, in the API and in the editor alike).
  const byProbe = new Map<string | undefined, number[]>();
  ranges.forEach((range, index) => {
    const indexes = byProbe.get(range.probeId) ?? [];
    if (indexes.length === 0) byProbe.set(range.probeId, indexes);
    indexes.push(index);
  });
  const overlaps: RangeOverlap[] = [];
  for (const [probeId, indexes] of byProbe)
    indexes.forEach((i, at) => {
      for (const j of indexes.slice(at + 1))
        if (overlap(ranges[i]!, ranges[j]!))
          overlaps.push(probeId === undefined ? { ranges: [i, j] } : { probeId, ranges: [i, j] });
    });
  // In the order of the first range, then the second, as the ranges were given.
  return overlaps.sort((a, b) => a.ranges[0] - b.ranges[0] || a.ranges[1] - b.ranges[1]);
}
