import { z } from 'zod';
import { activeStatus, entityId } from '../configuration/common.ts';
import { mosEntrySchema } from '../configuration/mos.ts';
import { scorecardFringeSchema, scorecardKpiSchema } from '../configuration/scorecard.ts';
import { warningBodySchema } from '../errors/index.ts';
import { logPositionSchema } from '../events/log-position.ts';
import { csvOptionsRequestSchema } from '../files/csv-options.ts';
import { narrowedBySchema } from './narrowing.ts';
import { dateOrInstant, granularities } from './query-ir.ts';
import { catalogueWarningSchema, graphicResponseSchema } from './query-result.ts';

// Scorecard calculations (docs/product/api.md#scorecards), drilldown and CSV: what they are asked and what they answer.
// Every answer names the configuration version and the data window it used, so that asking again with both gives the
// same numbers.

/** What a scorecard compares: the providers it lists, else the ISPs it lists, else every provider in the data. */
export const comparedDimensions = ['provider', 'isp'] as const;
export type ComparedDimension = (typeof comparedDimensions)[number];

const separator = '/';
/** An ISO 8601 interval `<from>/<to>`, each a date (the whole day in the profile's time zone) or an instant. */
export const windowIntervalSchema = z
  .string()
  .refine(
    (text) => {
      const parts = text.split(separator);
      return parts.length === 2 && parts.every((part) => dateOrInstant.safeParse(part).success);
    },
    { error: 'validation.invalidDate' },
  )
  .describe('An ISO 8601 interval <from>/<to> of dates or instants');
export const splitWindowInterval = (interval: string) => {
  const [from, to] = interval.split(separator) as [string, string];
  return { from, to };
};

/** The configuration as it was at an instant, or at a log position (as an earlier answer states it). */
export const configurationAsOfSchema = z
  .union([logPositionSchema, z.iso.datetime({ offset: true })], { error: 'validation.invalidFormat' })
  .describe('An ISO instant or a log position "<transaction>:<sequence>"; default: the current configuration');

/** The data window and configuration version a calculation or drilldown uses. */
export const scorecardSelectionSchema = z.object({
  from: dateOrInstant.optional().describe('Start of the data window; default: 30 days before its end'),
  to: dateOrInstant.optional().describe('End of the data window; default: now'),
  asOf: configurationAsOfSchema.optional(),
});

/** `GET /scorecards/{id}/calculations` query (and, with its CSV options, `POST /scorecards/{id}/csv` body). */
export const scorecardCalculationRequestSchema = scorecardSelectionSchema.extend({
  compare: z
    .union([z.literal('previous'), windowIntervalSchema], { error: 'validation.invalidDate' })
    .optional()
    .describe(
      'The comparison window: an interval <from>/<to>, or `previous` (as long as the live one, just before it)',
    ),
});
export type ScorecardCalculationRequest = z.output<typeof scorecardCalculationRequestSchema>;

/** `POST /scorecards/{id}/csv` body: the calculation asked for, and how its CSV is written. */
export const scorecardCsvRequestSchema = scorecardCalculationRequestSchema.extend({
  csv: csvOptionsRequestSchema.optional(),
});
export type ScorecardCsvRequest = z.output<typeof scorecardCsvRequestSchema>;

/** `POST /api/graphic/scorecard/{id}/drilldown` body: one KPI of one compared entity over time. */
export const scorecardDrilldownRequestSchema = scorecardSelectionSchema.extend({
  kpi: entityId.describe('A KPI of the scorecard'),
  entity: entityId.describe('The provider id or ISP compared'),
  fringe: z
    .number({ error: 'validation.invalidNumber' })
    .int('validation.invalidNumber')
    .min(0, 'validation.tooSmall')
    .optional()
    .describe("Index of one of the KPI's fringes; default: the whole day"),
  granularity: z.enum(granularities, { error: 'validation.invalidOption' }).default('day'),
});
export type ScorecardDrilldownRequest = z.output<typeof scorecardDrilldownRequestSchema>;

/** The scorecard version used: its stream version and the global log position of its last event. */
export const scorecardConfigurationSchema = z.object({
  scorecardId: z.string(),
  version: z.number().int(),
  position: logPositionSchema,
});
export type ScorecardConfiguration = z.output<typeof scorecardConfigurationSchema>;

/** The data window used: inclusive instants (UTC) and the time zone dates were read in. */
export const dataWindowSchema = z.object({ from: z.iso.datetime(), to: z.iso.datetime(), timeZone: z.string() });
export type DataWindow = z.output<typeof dataWindowSchema>;

/** Scores are points of the scorecard's max score; null where there is no data to score. */
const score = z.number().nullable();

export const fringeScoreSchema = z.object({
  /** Local hours [start, end) of the day; null for the whole day. */
  fringe: scorecardFringeSchema.nullable(),
  /** The average of the KPI's values, and how many there were. */
  value: z.number().nullable(),
  count: z.number().int(),
  score,
});
export type FringeScore = z.output<typeof fringeScoreSchema>;

export const kpiScoreSchema = z.object({
  kpi: z.string(),
  /** The KPI's weight in the scorecard, %. */
  weight: z.number(),
  score,
  fringes: z.array(fringeScoreSchema),
});
export type KpiScore = z.output<typeof kpiScoreSchema>;

export const entityScoreSchema = z.object({
  /** The provider id or ISP. */
  entity: z.string(),
  /** The provider's name, as the caller sees it (absent for an ISP no provider the caller sees is). */
  name: z.string().optional(),
  /** 1 is the best; equal scores share a rank; null without a score. */
  rank: z.number().int().nullable(),
  score,
  /** The share (%) of the KPI weight that had data and so makes up the score. */
  coverage: z.number(),
  kpis: z.array(kpiScoreSchema),
});
export type EntityScore = z.output<typeof entityScoreSchema>;

export const windowScoresSchema = z.object({ window: dataWindowSchema, entities: z.array(entityScoreSchema) });
export type WindowScores = z.output<typeof windowScoresSchema>;

const calculationWith = <Warning extends z.ZodType>(warning: Warning) =>
  z.object({
    scorecard: z.object({
      id: z.string(),
      name: z.string(),
      status: activeStatus,
      weight: z.number(),
      maxScore: z.number(),
      /** The definition at this version, so that a screen explains each score by what produced it. */
      kpis: z.array(scorecardKpiSchema),
      mosEntries: z.array(mosEntrySchema),
    }),
    comparedBy: z.enum(comparedDimensions),
    configuration: scorecardConfigurationSchema,
    live: windowScoresSchema,
    comparison: windowScoresSchema.optional(),
    /** What the caller's profile narrowed the scores by, when it did. */
    narrowedBy: narrowedBySchema.optional(),
    warnings: z.array(warning),
  });

export const scorecardCalculationSchema = calculationWith(catalogueWarningSchema);
export type ScorecardCalculation = z.output<typeof scorecardCalculationSchema>;
/** What `GET /scorecards/{id}/calculations` answers: the calculation with its warnings in the caller's language. */
export const scorecardCalculationResponseSchema = calculationWith(warningBodySchema);

/** What the drilldown answers: a graphic result, and the configuration version and window it used. */
export const scorecardDrilldownResponseSchema = graphicResponseSchema.and(
  z.object({ configuration: scorecardConfigurationSchema, window: dataWindowSchema }),
);

/** One configuration version of a scorecard (`GET /scorecards/{id}/versions`), to ask a calculation `asOf` it. */
export const scorecardVersionSchema = z.object({
  version: z.number().int(),
  position: logPositionSchema,
  recordedAt: z.iso.datetime(),
  /** The fields this version changed (every field set, for the first). */
  changedFields: z.array(z.string()),
});
export type ScorecardVersion = z.output<typeof scorecardVersionSchema>;
export const scorecardVersionsSchema = z.object({
  scorecardId: z.string(),
  versions: z.array(scorecardVersionSchema).describe('Newest first'),
});
export type ScorecardVersions = z.output<typeof scorecardVersionsSchema>;
