import type {
  SmartPerformanceAnswer,
  SmartPerformanceDashboard,
  SmartPerformanceRequest,
} from '@nq/contracts/analytics/smart-performance';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client.ts';

/** What the profile's dashboards show (`GET /profile/smartPerformance`); a failure is shown in place. */
export function useSmartPerformanceDashboard() {
  return useQuery({
    queryKey: ['smartPerformance', 'dashboard'],
    queryFn: ({ signal }) => api.get<SmartPerformanceDashboard>('/profile/smartPerformance', { signal }),
    staleTime: 60_000,
    meta: { silent: true },
  });
}

/**
 * Every KPI chart of the dashboards (`POST /api/smart-performance`), asked again every `refreshInterval` ms (false:
 * never). A failure is shown in place; so is each chart's own.
 */
export function useSmartPerformanceData(request: SmartPerformanceRequest | undefined, refreshInterval: number | false) {
  return useQuery({
    queryKey: ['smartPerformance', 'data', request],
    queryFn: ({ signal }) => api.post<SmartPerformanceAnswer>('/api/smart-performance', request, { signal }),
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: refreshInterval,
    // A refresh interval is the only reason to ask again: the window moves with the clock.
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
}
