import { z } from 'zod';
import { measurementStatuses, testTypes } from '../measurements/measurement.ts';
import { kpiIdSchema } from './query-ir.ts';

/** What a search, an export or an extraction takes beyond the selection: result sections, test types, a KPI. */
export const measurementFilterFields = {
  kpi: kpiIdSchema.optional().describe('Only the measurements having this KPI'),
  statuses: z
    .array(z.enum(measurementStatuses, { error: 'validation.invalidOption' }))
    .max(measurementStatuses.length, 'validation.tooBig')
    .optional()
    .describe('Result sections (spec §4)'),
  testTypes: z
    .array(z.enum(testTypes, { error: 'validation.invalidOption' }))
    .max(testTypes.length, 'validation.tooBig')
    .optional(),
};
