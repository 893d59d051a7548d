import type { QueryIr } from '@nq/contracts/analytics/query-ir';
import { type GraphicPin, useGraphicQuery } from '../../../shared/charts/graphic-query.ts';
import { dashboardKeys } from '../api/dashboards-api.ts';

/**
 * A graphic's answer. Every tile asks at once (the queries run in parallel, each tile drawn as its answer comes); a
 * tile unmounted (the dashboard or category left) aborts its request, the server then cancels the query. Pinned (the
 * enlarged view reproducing an answer's numbers), the numbers the pin names.
 */
export function useGraphicAnswer(request: QueryIr, pin?: GraphicPin) {
  return useGraphicQuery(dashboardKeys.graphic(request), request, {
    pin,
    staleTime: 60_000,
    retry: false,
    meta: { silent: true },
  });
}
