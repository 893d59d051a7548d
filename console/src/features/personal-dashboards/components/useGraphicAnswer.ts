import type { QueryIr } from '@nq/contracts/analytics/query-ir';
import { type GraphicPin, graphicQueryKey, useGraphicQuery } from '../../../shared/charts/graphic-query.ts';
import type { QueryProgressProps } from '../../../shared/charts/QueryProgress.tsx';
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

/**
 * What a graphic's progress follows while its answer is long: its own query only (the tile's is not its enlarged
 * pinned one's), whose coverage the graphic route's gives (a tile is a query of the IR), pinned as the query is.
 */
export const graphicAnswerProgress = (request: QueryIr, pin?: GraphicPin): QueryProgressProps => ({
  queryKey: graphicQueryKey(dashboardKeys.graphic(request), pin),
  exact: true,
  request,
  pin,
});
