import { z } from 'zod';
import { entityId } from '../configuration/common.ts';
import { configurationKinds } from '../configuration/kinds.ts';
import { selectionFields, withSelectionRules } from './query-ir.ts';

const kinds = Object.keys(configurationKinds) as [
  keyof typeof configurationKinds,
  ...(keyof typeof configurationKinds)[],
];

/**
 * A configuration change that touches a chart's scope (a probe moved, a campaign polygon changed, a scorecard
 * redefined…), drawn as a marker on time charts. `at` is when it was recorded; the console links it to the entity's
 * settings-history entry (`/settings_history?kind=&id=&asOf=`).
 */
export const changeMarkerSchema = z.object({
  at: z.iso.datetime({ offset: true }),
  kind: z.enum(kinds),
  entityId: z.string(),
  /** The entity's name as of the change (its id when it has none). */
  entityName: z.string(),
  /** The event's type, e.g. `ProbeUpdated`, `CampaignPolygonChanged`. */
  event: z.string(),
  /** The fields the change touched. */
  fields: z.array(z.string()),
});
export type ChangeMarker = z.output<typeof changeMarkerSchema>;

/** At most this many markers per answer: the most recent ones (a chart over years of busy configuration stays legible). */
export const maxChangeMarkers = 200;

/**
 * `POST /api/graphic/change-markers`: the chart's selection (the graphic filter set's; other fields a screen sends
 * along are ignored) and period — dates are whole days in `timeZone` (default the profile's); without `tsEnd` up to
 * now, without `tsStart` the 30 days before the end — and, on scorecard charts, the scorecard whose redefinitions count.
 */
export const changeMarkersRequestSchema = withSelectionRules(
  selectionFields
    .pick({
      probes: true,
      campaigns: true,
      clusters: true,
      universes: true,
      isps: true,
      tsStart: true,
      tsEnd: true,
      timeZone: true,
    })
    .extend({ scorecardId: entityId.optional() }),
);
export type ChangeMarkersRequest = z.input<typeof changeMarkersRequestSchema>;

/**
 * The markers in chronological order; `count` is how many changes the period holds, `capped` says the list kept only
 * the most recent `maxChangeMarkers` of them.
 */
export const changeMarkersResponseSchema = z.object({
  list: z.array(changeMarkerSchema),
  count: z.number().int(),
  capped: z.boolean(),
});
export type ChangeMarkersResponse = z.output<typeof changeMarkersResponseSchema>;
