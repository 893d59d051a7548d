import { z } from 'zod';
import { errorBodySchema, warningBodySchema } from '../errors/index.ts';
import { probeStatuses } from '../fleet/probe.ts';
import { answerSourceSchema } from './cube-status.ts';
import { narrowedBySchema } from './narrowing.ts';
import { reproduceAsOfSchema, reproductionPinSchema } from './query-result.ts';
import { comparedDimensions, dataWindowSchema, scorecardConfigurationSchema } from './scorecard-calculation.ts';

// /storyboard: the profile's picture at a glance, in one answer. Each tile is computed on its own: a tile that
// fails answers its catalogue error in its slot while the others still answer.

/** A tile's error as the API answers errors (no details: they are for the log). */
export const storyboardTileErrorSchema = errorBodySchema.pick({ code: true, message: true, params: true });
export type StoryboardTileError = z.output<typeof storyboardTileErrorSchema>;

const tileOf = <Data extends z.ZodType>(data: Data) =>
  z.union([z.object({ data }), z.object({ error: storyboardTileErrorSchema })]);

/** A compared provider or ISP: its score now and in the window before (the trend), of the scorecard's max score. */
export const storyboardEntityScoreSchema = z.object({
  /** The provider id (an ISP is a provider too). */
  entity: z.string(),
  /** Its name, when the caller sees the provider. */
  name: z.string().optional(),
  rank: z.number().int().nullable(),
  score: z.number().nullable(),
  /** The score over the window just before; null when there was nothing to score or it lies outside the profile. */
  previousScore: z.number().nullable(),
});
export type StoryboardEntityScore = z.output<typeof storyboardEntityScoreSchema>;

export const storyboardScorecardSchema = z.object({
  id: z.string(),
  name: z.string(),
  maxScore: z.number(),
  comparedBy: z.enum(comparedDimensions),
  /** Asked again with this window (`from`, `to`) and `asOf` the position, the calculation gives the same numbers. */
  configuration: scorecardConfigurationSchema,
  window: dataWindowSchema,
  previousWindow: dataWindowSchema.nullable(),
  /** Best first. */
  entities: z.array(storyboardEntityScoreSchema),
  /** What the caller's profile narrowed the scores by, when it did. */
  narrowedBy: narrowedBySchema.optional(),
});
export type StoryboardScorecard = z.output<typeof storyboardScorecardSchema>;

/** A scorecard whose calculation failed: the others still show. */
export const storyboardFailedScorecardSchema = z.object({
  id: z.string(),
  name: z.string(),
  error: storyboardTileErrorSchema,
});

export const storyboardScorecardsSchema = z.object({
  list: z.array(z.union([storyboardScorecardSchema, storyboardFailedScorecardSchema])),
  /** Every active scorecard the profile sees; the list shows the first of them. */
  total: z.number().int(),
});

/** How many of the probes the profile sees last reported each state, and how many never reported. */
export const storyboardProbeStatusSchema = z.object({
  total: z.number().int(),
  byState: z.record(z.enum(probeStatuses), z.number().int()),
  neverReported: z.number().int(),
  /**
   * Set when the storyboard is asked pinned (`asOf`, `receivedUntil`): these are the probes' states now, which a pin
   * does not take back (the fleet keeps no history of them).
   */
  current: z.literal(true).optional(),
});
export type StoryboardProbeStatus = z.output<typeof storyboardProbeStatusSchema>;

/** One day of a KPI: its average and how many values it holds. */
export const storyboardDaySchema = z.object({ day: z.iso.datetime(), value: z.number(), count: z.number().int() });

export const storyboardKpiSchema = z.object({
  kpi: z.string(),
  unit: z.string(),
  /** Lower is better. */
  inverse: z.boolean(),
  /** The days with values, in order. */
  days: z.array(storyboardDaySchema),
  /** The mean of the days' averages; null without any. */
  average: z.number().nullable(),
  /** Where the days came from: a cube (`cube <name>`) or the raw measurements. */
  source: answerSourceSchema.optional(),
});
export type StoryboardKpi = z.output<typeof storyboardKpiSchema>;

export const storyboardKpisSchema = z.object({
  /** The selection the charts read (the evolution screen's `tsStart`, `tsEnd`): dates, or instants at the profile's limits. */
  tsStart: z.string(),
  tsEnd: z.string(),
  timeZone: z.string(),
  list: z.array(z.union([storyboardKpiSchema, z.object({ kpi: z.string(), error: storyboardTileErrorSchema })])),
  /** What the caller's profile narrowed the KPIs' measurements by, when it did. */
  narrowedBy: narrowedBySchema.optional(),
});

/** A measurement that ended in error, as the tile lists it. */
export const storyboardErroredMeasurementSchema = z.object({
  measurementId: z.string(),
  probeId: z.string(),
  measuredAt: z.string(),
  program: z.string(),
  testType: z.string(),
  isp: z.string().optional(),
  technologyLabel: z.string(),
});
export type StoryboardErroredMeasurement = z.output<typeof storyboardErroredMeasurementSchema>;

export const storyboardErrorsSchema = z.object({
  /** The latest, newest first. */
  list: z.array(storyboardErroredMeasurementSchema),
  /** Every errored measurement in the profile's scope. */
  count: z.number().int(),
  /** What the caller's profile narrowed the measurements by, when it did. */
  narrowedBy: narrowedBySchema.optional(),
});

/**
 * `GET /api/storyboard` query: none for the latest picture; an answer's `reproduce` (`asOf`, `receivedUntil`) for the
 * picture it gave — its KPIs, errored measurements and scorecards as they were (the last 30 days ending at
 * `receivedUntil`, the profile and scorecards at `asOf`).
 */
export const storyboardRequestSchema = z.object({
  asOf: reproduceAsOfSchema.optional(),
  receivedUntil: z.iso
    .datetime({ offset: true, error: 'validation.invalidDate' })
    .optional()
    .describe('Only the measurements received by then; the last 30 days end there (default: now)'),
});
export type StoryboardRequest = z.output<typeof storyboardRequestSchema>;

/** `GET /api/storyboard`. */
export const storyboardResponseSchema = z.object({
  generatedAt: z.iso.datetime(),
  /** What reproduces its tiles but the probes' states: asked again with both, the same numbers. */
  reproduce: reproductionPinSchema,
  /** What the caller should know of the whole picture (access narrowed since the position it reproduces). */
  warnings: z.array(warningBodySchema),
  scorecards: tileOf(storyboardScorecardsSchema),
  probeStatus: tileOf(storyboardProbeStatusSchema),
  kpis: tileOf(storyboardKpisSchema),
  errors: tileOf(storyboardErrorsSchema),
  /** The profile's unread alerts, once alerts exist; null until then. */
  alerts: z.null(),
});
export type StoryboardResponse = z.output<typeof storyboardResponseSchema>;

/** How many scorecards, KPIs and errored measurements the storyboard shows. */
export const storyboardLimits = { scorecards: 6, kpis: 4, errors: 10, days: 30 } as const;
/** The KPIs a profile that lists none sees on its storyboard. */
export const storyboardDefaultKpis = ['download', 'upload', 'latency', 'loss'] as const;
