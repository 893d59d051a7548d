import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client.ts';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';
import { useSettled } from '../../../shared/api/settled-value.ts';

export type ComparisonAnswer = Extract<GraphicResponse, { kind: 'metric' }>;
export type ComparisonPath = '/api/benchmark' | '/api/bydestination';

/**
 * A comparison screen's graphic (`POST /api/benchmark`, `/api/bydestination`); it follows the navbar refresh
 * interval. A failure toasts its catalogue message (the destinations error stays 10 s).
 */
export function useComparison(path: ComparisonPath, asked: object | undefined) {
  const refetchInterval = useRefreshInterval();
  const body = useSettled(asked);
  return useQuery({
    queryKey: [path, body],
    queryFn: ({ signal }) => api.post<ComparisonAnswer>(path, body, { signal }),
    enabled: body !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval,
    meta: { errorCode: 'graphics.generateFailed' },
  });
}
