import type { QueryIr } from '@nq/contracts/analytics/query-ir';
import { useQuery } from '@tanstack/react-query';
import { dashboardKeys, dashboardsApi } from '../api/dashboards-api.ts';

/**
 * A graphic's answer. Every tile asks at once (the queries run in parallel, each tile drawn as its answer comes); a
 * tile unmounted (the dashboard or category left) aborts its request, the server then cancels the query.
 */
export function useGraphicAnswer(request: QueryIr) {
  return useQuery({
    queryKey: dashboardKeys.graphic(request),
    queryFn: ({ signal }) => dashboardsApi.graphic(request, signal),
    staleTime: 60_000,
    retry: false,
    meta: { silent: true },
  });
}
