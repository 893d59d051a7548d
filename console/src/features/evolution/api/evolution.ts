import type { QueryIr, QueryIrInput } from '@nq/contracts/analytics/query-ir';
import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import type { KpiId } from '@nq/contracts/measurements/kpis';
import { keepPreviousData } from '@tanstack/react-query';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';
import { useSettled } from '../../../shared/api/settled-value.ts';
import { type GraphicPin, useGraphicQuery } from '../../../shared/charts/graphic-query.ts';
import type { QueryProgressProps } from '../../../shared/charts/QueryProgress.tsx';

/**
 * The evolution screen's body (`POST /api/evolution`): one KPI's metric over time, optionally per nested breakdowns,
 * with a moving average and a global average beside each series when asked.
 */
export type EvolutionRequest = { kpi: KpiId } & Pick<QueryIr, 'metric' | 'granularity' | 'breakdowns'> &
  Pick<QueryIrInput, 'movingAverage' | 'globalAverage' | 'tsStart' | 'tsEnd'>;

export type EvolutionAnswer = Extract<GraphicResponse, { kind: 'metric' }>;

/**
 * The evolution of the chosen KPI; it follows the navbar refresh interval. Pinned, the numbers an answer named (its
 * `receivedUntil` in the body, `?asOf=` its configuration position), never asked again. A failure toasts its catalogue
 * message (the destinations ones stay 10 s), `evolution.fetchFailed` when it has none of its own. Beside the query,
 * what its progress follows while it is long (its key, the request it asked and where its coverage is asked).
 */
export function useEvolution(asked: EvolutionRequest | undefined, pin?: GraphicPin) {
  const refetchInterval = useRefreshInterval();
  const request = useSettled(asked);
  const queryKey = ['evolution', request];
  const query = useGraphicQuery<EvolutionAnswer>(queryKey, request, {
    path: '/api/evolution',
    pin,
    placeholderData: keepPreviousData,
    refetchInterval,
    meta: { errorCode: 'evolution.fetchFailed' },
  });
  const progress: QueryProgressProps = { queryKey, request, pin, coveragePath: '/api/evolution/coverage' };
  return { query, progress };
}
