import { z } from 'zod';
import { enrichedMeasurementSchema } from './enriched-measurement.ts';
import { measurementStatuses } from './measurement.ts';

/** A KPI result of one measurement, labelled in the caller's language. */
export const kpiResultSchema = z.object({
  kpi: z.string(),
  label: z.string(),
  unit: z.string(),
  inverse: z.boolean(),
  value: z.number(),
});
export type KpiResult = z.output<typeof kpiResultSchema>;

/**
 * The names of the entities a measurement refers to by id, as the caller sees them: an entity the caller does not see
 * (another profile's private campaign) or that no longer exists keeps its id.
 */
export const measurementNamesSchema = z.object({
  /** The ISP's provider by name; the ISP as reported when no provider matched it. */
  isp: z.string().optional(),
  provider: z.string().optional(),
  campaigns: z.array(z.string()),
  clusters: z.array(z.string()),
  universes: z.array(z.string()),
  tags: z.array(z.string()),
  /** The task suite that measured it. */
  taskSuite: z.string().optional(),
});
export type MeasurementNamesAnswer = z.output<typeof measurementNamesSchema>;

/** One measurement the profile sees, with its result section, its KPI results and the names of what it refers to. */
export const measurementDetailSchema = z.object({
  measurement: enrichedMeasurementSchema,
  section: z.enum(measurementStatuses),
  results: z.array(kpiResultSchema),
  names: measurementNamesSchema,
});
export type MeasurementDetail = z.output<typeof measurementDetailSchema>;
