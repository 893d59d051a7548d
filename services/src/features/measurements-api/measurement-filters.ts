import { type KpiId, kpiIdSchema, measurementStatuses, type SelectionFields, testTypes } from '@nq/contracts';
import { z } from 'zod';
import type { DimensionFilter, Selection } from '../analytics/scope-query.ts';

/** What a search or an export takes beyond the selection: result sections, test types, a KPI the rows must have. */
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

export const including = (dimension: DimensionFilter['dimension'], values: readonly string[]): DimensionFilter => ({
  dimension,
  mode: 'include',
  values,
});

/** The selection those fields narrow, and any further filters. */
export function narrowedSelection(
  filter: SelectionFields,
  narrowing: {
    kpi?: KpiId | undefined;
    statuses?: readonly string[] | undefined;
    testTypes?: readonly string[] | undefined;
  },
  where: DimensionFilter[] = [],
): Selection {
  const { kpi, statuses, testTypes: types } = narrowing;
  return {
    filter,
    ...(kpi ? { kpi } : {}),
    where: [
      ...where,
      ...(statuses?.length ? [including('status', statuses)] : []),
      ...(types?.length ? [including('testType', types)] : []),
    ],
  };
}
