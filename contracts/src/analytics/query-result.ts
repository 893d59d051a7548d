import { z } from 'zod';
import { hexColour } from '../configuration/common.ts';
import { type WarningCode, warningBodySchema, warningCodes } from '../errors/index.ts';
import { logPositionSchema } from '../events/log-position.ts';
import { answerSourceSchema } from './cube-status.ts';
import { displayOptionFields } from './graphic-display.ts';
import { narrowedBySchema } from './narrowing.ts';
import { dimensions, graphicTypes, metrics, rowAxes } from './query-ir.ts';

/** The breakdown values a series stands for (`{ isp: 'Movistar', technology: 4 }`); empty without breakdowns. */
export const seriesKeySchema = z.partialRecord(z.enum(dimensions), z.union([z.string(), z.number()]));
export type SeriesKey = z.output<typeof seriesKeySchema>;

/**
 * What a series' key names by id, by name: the campaign, cluster, universe, probe, tag, provider or ISP (a provider id)
 * of each breakdown, among the entities the caller sees. A value without a label is shown as it is.
 */
export const seriesLabelsSchema = z.partialRecord(z.enum(dimensions), z.string());
export type SeriesLabels = z.output<typeof seriesLabelsSchema>;

/**
 * The configured colour (`#rrggbb`) of each breakdown's entity that has one (a provider's, a cluster's, a universe's),
 * among the entities the caller sees: what every chart draws that entity's series in (see `series-colours.ts`).
 */
export const seriesColoursSchema = z.partialRecord(z.enum(dimensions), hexColour);
export type SeriesColours = z.output<typeof seriesColoursSchema>;

/**
 * A bucket's start as an ISO instant (UTC; the range's first instant for a bucket that began before the range asked
 * for), a weekday (1 Monday to 7 Sunday) or `all` (no granularity).
 */
export const bucketKeySchema = z.union([z.iso.datetime(), z.number().int().min(1).max(7), z.literal('all')]);
export type BucketKey = z.output<typeof bucketKeySchema>;

/** `count` is how many KPI values the bucket holds (measurements, or measurement-series pairs for list breakdowns). */
export const metricBucketSchema = z.object({
  key: bucketKeySchema,
  count: z.number().int(),
  value: z.number(),
  /** The trailing mean of this and the previous buckets' values, when a moving average was asked for. */
  movingAverage: z.number().optional(),
});
export type MetricBucket = z.output<typeof metricBucketSchema>;

export const boxplotBucketSchema = z.object({
  key: bucketKeySchema,
  count: z.number().int(),
  min: z.number(),
  q1: z.number(),
  median: z.number(),
  q3: z.number(),
  max: z.number(),
});
export type BoxplotBucket = z.output<typeof boxplotBucketSchema>;

export const pointSchema = z.object({
  measurementId: z.string(),
  probeId: z.string(),
  measuredAt: z.iso.datetime(),
  x: z.number(),
  y: z.number(),
});
export type Point = z.output<typeof pointSchema>;

export const metricSeriesSchema = z.object({
  key: seriesKeySchema,
  labels: seriesLabelsSchema.optional(),
  colours: seriesColoursSchema.optional(),
  buckets: z.array(metricBucketSchema),
  globalAverage: z.number().optional(),
  globalMedian: z.number().optional(),
});
export type MetricSeries = z.output<typeof metricSeriesSchema>;

export const boxplotSeriesSchema = z.object({
  key: seriesKeySchema,
  labels: seriesLabelsSchema.optional(),
  colours: seriesColoursSchema.optional(),
  buckets: z.array(boxplotBucketSchema),
});
export type BoxplotSeries = z.output<typeof boxplotSeriesSchema>;

/** `total` counts the matching measurements before sampling; `points` holds at most the sample size of them. */
export const pointSeriesSchema = z.object({
  key: seriesKeySchema,
  labels: seriesLabelsSchema.optional(),
  colours: seriesColoursSchema.optional(),
  total: z.number().int(),
  points: z.array(pointSchema),
});
export type PointSeries = z.output<typeof pointSeriesSchema>;

const headerKey = z.union([z.string(), z.number()]);
/**
 * A table by rows and columns: `values[row][column]` is the metric of the measurements having both keys (null: none).
 * Rows and columns are in key order; a transposed table has them swapped.
 */
export const matrixSchema = z.object({
  rows: z.enum(rowAxes),
  columns: z.enum(rowAxes),
  rowKeys: z.array(headerKey),
  columnKeys: z.array(headerKey),
  values: z.array(z.array(z.number().nullable())),
});
export type Matrix = z.output<typeof matrixSchema>;

/** The display options of the request, defaults filled, for the console to draw the answer with. */
export const graphicDisplaySchema = displayOptionFields.extend({ graphicType: z.enum(graphicTypes) });
export type GraphicDisplay = z.output<typeof graphicDisplaySchema>;

/** A warning as the engine produces it; the API answers it translated (`warningBodySchema`). */
export const catalogueWarningSchema = z.object({
  code: z.enum(warningCodes as [WarningCode, ...WarningCode[]]),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/**
 * The answer to a query: series (one per breakdown value) in display order, the warnings the user should see, and
 * where it came from (`raw` measurements or `cube <name>`).
 */
const resultWith = <Warning extends z.ZodType, Extra extends z.ZodRawShape>(warning: Warning, extra: Extra) =>
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('metric'),
      metric: z.enum(metrics),
      series: z.array(metricSeriesSchema),
      /** A table by rows and columns (`axes.rows` and `axes.columns`): its series, laid out. */
      matrix: matrixSchema.optional(),
      warnings: z.array(warning),
      source: answerSourceSchema.optional(),
      ...extra,
    }),
    z.object({
      kind: z.literal('boxplot'),
      series: z.array(boxplotSeriesSchema),
      warnings: z.array(warning),
      source: answerSourceSchema.optional(),
      ...extra,
    }),
    z.object({
      kind: z.literal('scatterplot'),
      seed: z.number().int(),
      sampleSize: z.number().int(),
      series: z.array(pointSeriesSchema),
      warnings: z.array(warning),
      source: answerSourceSchema.optional(),
      ...extra,
    }),
  ]);

/** What the caller's profile narrowed the answer by, when it did (`narrowing.ts`). */
const narrowed = { narrowedBy: narrowedBySchema.optional() };

export const queryResultSchema = resultWith(catalogueWarningSchema, narrowed);
export type QueryResult = z.output<typeof queryResultSchema>;
/**
 * What reproduces a published number: the configuration's log position it was computed at (the caller's profile as
 * it was then: its restrictions, its time zone), the data as received until an instant, and the query. Asked again
 * with the query, `receivedUntil` in it and `?asOf=` the position, it answers the same numbers.
 */
export const reproductionSchema = z.object({
  asOf: logPositionSchema,
  receivedUntil: z.string(),
  query: z.record(z.string(), z.unknown()),
  /**
   * The cube that answered, when one did: cube rows keep no arrival time, so its reproduction reads the raw
   * measurements received by `receivedUntil`, which may count the few the cube had not applied yet. The reproduced
   * answer (asked with the pin) is the one to publish: asked again, it answers exactly the same.
   */
  servedBy: z.string().optional(),
});
export type Reproduction = z.output<typeof reproductionSchema>;
/**
 * What reproduces an output that is not one query (a CSV extraction, a scorecard report, the storyboard): the
 * configuration's log position and the instant the data is taken as received until. Asked again with both, the same
 * rows, figures or tiles.
 */
export const reproductionPinSchema = reproductionSchema.pick({ asOf: true, receivedUntil: true });
export type ReproductionPin = z.output<typeof reproductionPinSchema>;
/** `?asOf=` of such an output: the configuration's log position to reproduce it at (malformed: `validation.invalidFormat`). */
export const reproduceAsOfSchema = z
  .string()
  .regex(/^\d+:\d+$/, 'validation.invalidFormat')
  .describe('Reproduce an output: the configuration\'s log position it names, "<transaction>:<sequence>"');

/**
 * What `POST /api/graphic` answers: the result with its warnings in the caller's language, when the request
 * carried display options those options, and what reproduces it.
 */
export const graphicResponseSchema = resultWith(warningBodySchema, {
  ...narrowed,
  display: graphicDisplaySchema.optional(),
  reproduce: reproductionSchema.optional(),
});
export type GraphicResponse = z.output<typeof graphicResponseSchema>;

/**
 * The orders a page of measurements can be sorted by (docs/product/api.md#measurements,
 * `POST /api/measurements/by/profile`).
 */
export const rowSortFields = [
  'measuredAt',
  'receivedAt',
  'probeId',
  'program',
  'testType',
  'status',
  'technology',
  'isp',
  'provider',
] as const;
export type RowSortField = (typeof rowSortFields)[number];

/**
 * How far pages of a measurement search reach into its result (Elasticsearch's default `index.max_result_window`);
 * its count is of every measurement found, however many.
 */
export const measurementSearchWindow = 10_000;
