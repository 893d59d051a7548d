import { z } from 'zod';
import { dimensions } from '../analytics/query-ir.ts';
import { type KpiId, kpiIds } from '../measurements/kpis.ts';
import { configurationName, missingOr, timeZoneName } from './common.ts';

// A cube pre-aggregates measurements: one row per time bucket, value of each kept dimension, KPI and
// source partition, holding mergeable measures. Which queries it can answer follows from what it keeps.

/**
 * The dimensions a cube may keep: the breakdowns and filters of the query language, and the measurement's local hour
 * (the hour-window filter) and weekday (the weekday granularity), both recorded at ingest.
 */
export const cubeDimensions = [...dimensions, 'hour', 'weekday'] as const;
export type CubeDimension = (typeof cubeDimensions)[number];

/**
 * The time bucket of a row: an hour (UTC, so a query in any zone whose offsets are whole hours is covered) or a day of
 * the cube's time zone (covers day and longer granularities of queries in that zone).
 */
export const cubeGrains = ['hour', 'day'] as const;
export type CubeGrain = (typeof cubeGrains)[number];

/**
 * What every row keeps of each KPI: count, sum, min, max, first and last (value, time and measurement id), a quantile
 * sketch of relative accuracy `quantileSketchAccuracy` (median, p10, p90, boxplot quartiles) and the set of probes
 * that measured it (uniqueCount).
 */
export const cubeMeasures = ['count', 'sum', 'min', 'max', 'first', 'last', 'quantiles', 'probes'] as const;
/** DDSketch's guarantee: a quantile it answers is within 1 % (relative) of a value of the exact rank. */
export const quantileSketchAccuracy = 0.01;

const invalidOption = { error: missingOr('validation.invalidOption') };

/** The zone of hourly buckets (IANA's name for UTC). */
export const cubeUtcZone = 'Etc/UTC';
/** Whether a zone is UTC, by any of its names. */
export const isUtcZone = (timeZone: string) => timeZone === cubeUtcZone || timeZone === 'UTC';
const distinct = <T>(values: T[]) => new Set(values).size === values.length;

export const cubeFieldsSchema = z.object({
  name: configurationName.regex(/^[a-z0-9][a-z0-9_-]*$/, 'cubes.nameFormat'),
  description: z.string().trim().max(500, 'validation.tooLong').optional(),
  grain: z.enum(cubeGrains, invalidOption).default('hour'),
  /** The zone of a day grain's days; hours are UTC. */
  timeZone: timeZoneName.default(cubeUtcZone),
  dimensions: z
    .array(z.enum(cubeDimensions, invalidOption))
    .max(cubeDimensions.length, 'validation.tooBig')
    .refine(distinct, 'validation.invalidOption')
    .default([]),
  /** The KPIs it aggregates; none listed: every KPI. */
  kpis: z
    .array(z.enum(kpiIds as [KpiId, ...KpiId[]], invalidOption))
    .refine(distinct, 'validation.invalidOption')
    .default([]),
});
export type CubeFields = z.output<typeof cubeFieldsSchema>;
export type CubeFieldsInput = z.input<typeof cubeFieldsSchema>;
