import { z } from 'zod';
import { cubeDimensions, cubeGrains } from '../configuration/cube.ts';
import { kpiIdSchema } from './query-ir.ts';

// Whether a graphic's query is answered from a cube or read raw, before it is run: what a screen says while a long
// query runs (docs/features/measurements-and-analytics.md, "Queries over years").

/**
 * Why no cube can answer a query, whatever it keeps (a cube's rows hold none of these): a scatterplot (its points are
 * measurements), KPI conditions, outlier removal (its fences are KPI conditions), a connected-devices range, only the
 * located measurements, the data as received until an instant, a granularity finer than an hour (or by hours in a
 * zone whose offsets are not whole hours), or dates that are no whole hours or days (instants in the middle of one).
 */
export const uncoverableReasons = [
  'measure',
  'conditions',
  'outliers',
  'connectedDevices',
  'located',
  'receivedUntil',
  'granularity',
  'range',
] as const;
export type UncoverableReason = (typeof uncoverableReasons)[number];

/** The smallest cube that would answer a query (a cube definition as `POST /api/cubes` takes it). */
export const cubeSuggestionSchema = z.object({
  name: z.string(),
  grain: z.enum(cubeGrains),
  timeZone: z.string(),
  dimensions: z.array(z.enum(cubeDimensions)),
  kpis: z.array(kpiIdSchema),
});
export type CubeSuggestion = z.output<typeof cubeSuggestionSchema>;

/**
 * What `POST /api/graphic/coverage` answers for a graphic's query: the cube that answers it (`cube`), or that it reads
 * the raw measurements (`raw`) over so many calendar months (of the query's time zone, from its first measurement to
 * its last; 0 when there is none) and then either the cube defined that covers it but is still being built
 * (`building`), the cube that would (`suggestion`), or why none can (`uncoverable`); or that the caller's scope leaves
 * nothing to read (`none`).
 */
export const queryCoverageSchema = z.discriminatedUnion('source', [
  z.object({ source: z.literal('cube'), cube: z.string() }),
  z.object({
    source: z.literal('raw'),
    months: z.number().int(),
    building: z.string().optional(),
    suggestion: cubeSuggestionSchema.optional(),
    uncoverable: z.array(z.enum(uncoverableReasons)).optional(),
  }),
  z.object({ source: z.literal('none') }),
]);
export type QueryCoverage = z.output<typeof queryCoverageSchema>;
