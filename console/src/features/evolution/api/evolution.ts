import type { QueryIr, QueryIrInput } from '@nq/contracts/analytics/query-ir';
import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import type { KpiId } from '@nq/contracts/measurements/kpis';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client.ts';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';
import { useSettled } from '../../../shared/api/settled-value.ts';

/**
 * The evolution screen's body (`POST /api/evolution`): one KPI's metric over time, optionally per nested breakdowns,
 * with a moving average and a global average beside each series when asked.
 */
export type EvolutionRequest = { kpi: KpiId } & Pick<QueryIr, 'metric' | 'granularity' | 'breakdowns'> &
  Pick<QueryIrInput, 'movingAverage' | 'globalAverage' | 'tsStart' | 'tsEnd'>;

export type EvolutionAnswer = Extract<GraphicResponse, { kind: 'metric' }>;

/**
 * The evolution of the chosen KPI; it follows the navbar refresh interval. A failure toasts its catalogue message
 * (the destinations ones stay 10 s), `evolution.fetchFailed` when it has none of its own.
 */
export function useEvolution(asked: EvolutionRequest | undefined) {
  const refetchInterval = useRefreshInterval();
  const request = useSettled(asked);
  return useQuery({
    queryKey: ['evolution', request],
    queryFn: ({ signal }) => api.post<EvolutionAnswer>('/api/evolution', request, { signal }),
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval,
    meta: { errorCode: 'evolution.fetchFailed' },
  });
}
