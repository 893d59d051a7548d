import { z } from 'zod';
import { measurementStatuses, testTypes } from '../measurements/measurement.ts';
import { filterValues } from './filter-values.ts';
import { kpiIdSchema } from './query-ir.ts';

/** What a search, an export or an extraction takes beyond the selection: result sections, test types, a KPI. */
export const measurementFilterFields = {
  kpi: kpiIdSchema.optional().describe('Only the measurements having this KPI'),
  statuses: filterValues(
    'statuses',
    z.enum(measurementStatuses, { error: 'validation.invalidOption' }),
    measurementStatuses.length,
  )
    .optional()
    .describe('Result sections (Finished, Cancelled, Pending, Not apply, Error, Valid, Invalid)'),
  testTypes: filterValues(
    'testTypes',
    z.enum(testTypes, { error: 'validation.invalidOption' }),
    testTypes.length,
  ).optional(),
};
