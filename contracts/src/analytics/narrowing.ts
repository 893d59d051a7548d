import { z } from 'zod';

/**
 * The restrictions of a profile (docs/product/roles.md#data-restrictions) that can narrow what an analysis answer is
 * computed over: the providers or ISPs, technologies, campaigns, clusters, probes and tags it allows, the programs of
 * a request that have targets in it and those targets (destinations). Its dates are told apart (`NarrowedBy.dates`).
 */
export const narrowingKinds = [
  'isp',
  'technology',
  'campaign',
  'cluster',
  'probe',
  'tag',
  'program',
  'destination',
] as const;
export type NarrowingKind = (typeof narrowingKinds)[number];

/** One value a restriction allows: an entity id, a technology code or a destination's name, and its name for people. */
export const narrowedValueSchema = z.object({
  id: z.union([z.string(), z.number()]),
  /** Set once named for the caller; an answer leaves out an id the caller cannot name (an entity it does not see). */
  name: z.string().optional(),
});
export type NarrowedValue = z.output<typeof narrowedValueSchema>;

export const narrowingSchema = z.object({
  kind: z.enum(narrowingKinds),
  /** What the profile allows of this kind: what the answer was computed over, whatever the request asked. */
  values: z.array(narrowedValueSchema),
});
export type Narrowing = z.output<typeof narrowingSchema>;

/**
 * What narrowed an answer to less than its request asked: each restriction of the caller's profile that applied and
 * took something away from the request (a request over every provider, answered over the profile's one), and the
 * profile's dates where the request left its range open. An answer a profile did not narrow carries none, so two
 * people given different figures for the same request can tell why.
 */
export const narrowedBySchema = z.object({
  restrictions: z.array(narrowingSchema),
  /** The profile's first or last instant, where the request asked for no bound on that side; days of `timeZone`. */
  dates: z
    .object({ from: z.iso.datetime().optional(), to: z.iso.datetime().optional(), timeZone: z.string() })
    .optional(),
});
export type NarrowedBy = z.output<typeof narrowedBySchema>;

/** How the parts of a narrowing are joined in a sentence (`Movistar · 4G, 5G`). */
export const narrowingSeparator = ' · ';

/**
 * What narrowed an answer as the parts of a sentence, the same on screens and in documents: each restriction's values
 * by name (`4G, 5G`), then the dates as `datesInWords` words them in the reader's language.
 */
export function narrowingParts(
  narrowedBy: NarrowedBy,
  datesInWords: (dates: NonNullable<NarrowedBy['dates']>) => string,
): string[] {
  return [
    ...narrowedBy.restrictions.map(({ values }) => values.map((value) => value.name ?? String(value.id)).join(', ')),
    ...(narrowedBy.dates ? [datesInWords(narrowedBy.dates)] : []),
  ];
}
