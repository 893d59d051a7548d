import type { KpiId, SelectionFields } from '@nq/contracts';

import type { DimensionFilter, Selection } from '../analytics/index.ts';

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
