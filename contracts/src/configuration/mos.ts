import { z } from 'zod';
import { configurationName, entityId, missingOr, numberValue, percentage } from './common.ts';

/**
 * How a MOS entry compares a KPI value (docs/product/entities.md#value-lists, condition operators, without not_exists).
 */
export const mosOperators = ['gte', 'gt', 'lt', 'lte', 'eq'] as const;

/**
 * Score mapping functions (docs/product/entities.md#value-lists): linear, linear double slope, square root, inverted
 * linear.
 */
export const mosMappingFunctions = ['linear', 'linearDoubleSlope', 'squareRoot', 'invertedLinear'] as const;
export type MosMappingFunction = (typeof mosMappingFunctions)[number];

/** The KPI values a mapping function scores between (lower ≤ upper ≤ absoluteUpper, checked by the services). */
export const mosLimitsSchema = z.object({ lower: numberValue, upper: numberValue, absoluteUpper: numberValue });

/** One KPI's part in a MOS: its weight (%), its value range (min ≤ max), operator, mapping function and limits. */
export const mosEntrySchema = z.object({
  kpi: entityId,
  weight: percentage,
  min: numberValue,
  max: numberValue,
  operator: z.enum(mosOperators, { error: missingOr('validation.invalidOption') }),
  mappingFunction: z.enum(mosMappingFunctions, { error: missingOr('validation.invalidOption') }),
  limits: mosLimitsSchema,
});
export type MosEntry = z.output<typeof mosEntrySchema>;

/** A MOS configuration (docs/product/api.md#mos, /moses): a unique name and entries whose weights add up to 100. */
export const mosFieldsSchema = z.object({
  name: configurationName,
  entries: z.array(mosEntrySchema).min(1, 'validation.required'),
});
export type MosFields = z.output<typeof mosFieldsSchema>;
