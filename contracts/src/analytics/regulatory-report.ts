import { z } from 'zod';
import { regulatoryStatisticSchema } from '../configuration/regulatory-report.ts';
import { languages, warningBodySchema } from '../errors/index.ts';
import { logPositionSchema } from '../events/log-position.ts';
import { csvOptionsRequestSchema } from '../files/csv-options.ts';
import { selectionFields } from './query-ir.ts';
import { catalogueWarningSchema } from './query-result.ts';

const interval = z.object({ low: z.number(), high: z.number() });

/** Why a figure is not published: too few measurements or probes behind it (the report's minimum sample). */
export const withheldReasons = ['tooFewMeasurements', 'tooFewProbes'] as const;

/** One published number (or one withheld), with what stands behind it. */
export const regulatoryFigureSchema = z.object({
  kpi: z.string(),
  statistic: regulatoryStatisticSchema,
  /** Null when withheld or when no measurement carries the KPI. */
  value: z.number().nullable(),
  /** The 95 % confidence interval: bootstrap over probes (Wilson for shares). */
  interval: interval.nullable(),
  measurements: z.number().int(),
  probes: z.number().int(),
  published: z.boolean(),
  withheld: z.enum(withheldReasons).optional(),
});
export type RegulatoryFigure = z.output<typeof regulatoryFigureSchema>;

/** A provider (and technology, when the report splits by it) and its figures, in the report's KPI order. */
export const regulatoryGroupSchema = z.object({
  provider: z.object({ id: z.string(), name: z.string() }),
  technology: z.object({ code: z.number().int(), label: z.string() }).optional(),
  figures: z.array(regulatoryFigureSchema),
});
export type RegulatoryGroup = z.output<typeof regulatoryGroupSchema>;

/** Whether two providers' published figures differ at 95 % (the interval of their difference excludes 0). */
export const regulatoryComparisonSchema = z.object({
  kpi: z.string(),
  statistic: regulatoryStatisticSchema,
  technology: z.number().int().optional(),
  a: z.string(),
  b: z.string(),
  /** a − b, in the KPI's unit (percentage points for shares). */
  difference: z.number(),
  interval,
  differs: z.boolean(),
});
export type RegulatoryComparison = z.output<typeof regulatoryComparisonSchema>;

/** What the population left out, and why (the methodology names each). */
export const regulatoryExclusionSchema = z.object({
  reason: z.enum(['notFinished', 'otherProvider', 'noProvider']),
  measurements: z.number().int(),
});

/**
 * What reproduces the report's numbers: the definition's version and log position, the data as received until an
 * instant (later arrivals change nothing), the filter set, the bootstrap's seed and resamples. Asking again with
 * `asOf` and `receivedUntil` answers the same figures.
 */
export const regulatoryReproductionSchema = z.object({
  asOf: logPositionSchema,
  version: z.number().int(),
  receivedUntil: z.string(),
  selection: selectionFields.partial(),
  seed: z.number().int(),
  resamples: z.number().int(),
  confidence: z.number(),
});
export type RegulatoryReproduction = z.output<typeof regulatoryReproductionSchema>;

const calculationWith = <Warning extends z.ZodType>(warning: Warning) =>
  z.object({
    report: z.object({ id: z.string(), name: z.string(), description: z.string() }),
    window: z.object({ from: z.string(), to: z.string(), timeZone: z.string() }),
    peakHours: z.object({ from: z.number().int(), to: z.number().int() }).nullable(),
    minimumMeasurements: z.number().int(),
    minimumProbes: z.number().int(),
    groups: z.array(regulatoryGroupSchema),
    comparisons: z.array(regulatoryComparisonSchema),
    exclusions: z.array(regulatoryExclusionSchema),
    /** Measurements read and probes behind them, in all. */
    measurements: z.number().int(),
    probes: z.number().int(),
    reproduce: regulatoryReproductionSchema,
    calculatedAt: z.string(),
    warnings: z.array(warning),
  });
/** The calculation as computed: its warnings are catalogue codes, translated when the API answers them. */
export const regulatoryCalculationSchema = calculationWith(catalogueWarningSchema);
/** The calculation as the API answers it. */
export const regulatoryCalculationResponseSchema = calculationWith(warningBodySchema);
export type RegulatoryCalculation = z.output<typeof regulatoryCalculationSchema>;
export type RegulatoryCalculationResponse = z.output<typeof regulatoryCalculationResponseSchema>;

/** `GET /regulatory-reports/{id}/calculations`: as of a version (a log position or an instant) and data received until. */
export const regulatoryCalculationRequestSchema = z.object({
  asOf: z.string().optional().describe('A log position or an instant: the report definition as it was then'),
  receivedUntil: z.iso
    .datetime({ offset: true, error: 'validation.invalidDate' })
    .optional()
    .describe('Only measurements received by then (default: now): later arrivals change nothing'),
});
export type RegulatoryCalculationRequest = z.output<typeof regulatoryCalculationRequestSchema>;

export const regulatoryFileFormats = ['pdf', 'csv'] as const;

/** `POST /regulatory-reports/{id}/files`: the report's PDF (methodology included) or CSV, made by a job. */
export const regulatoryFileRequestSchema = regulatoryCalculationRequestSchema.extend({
  format: z.enum(regulatoryFileFormats, { error: 'validation.invalidOption' }),
  language: z.enum(languages, { error: 'validation.invalidOption' }).optional(),
  /** How the CSV is written; what it leaves out follows the language. */
  csv: csvOptionsRequestSchema.optional(),
});
export type RegulatoryFileRequest = z.output<typeof regulatoryFileRequestSchema>;
