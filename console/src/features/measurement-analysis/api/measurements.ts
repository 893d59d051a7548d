import type { EnrichedMeasurement } from '@nq/contracts/measurements/enriched-measurement';
import type { MeasurementDetail } from '@nq/contracts/measurements/measurement-detail';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client.ts';
import type { EntityPage } from '../../../shared/api/entities.ts';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';
import type { MeasurementSearch } from './search-params.ts';

/** A page of the measurements the profile sees; it follows the refresh interval. */
export function useMeasurementSearch(search: MeasurementSearch) {
  const refetchInterval = useRefreshInterval();
  return useQuery({
    queryKey: ['measurements', 'search', search],
    queryFn: ({ signal }) =>
      api.post<EntityPage<EnrichedMeasurement>>('/api/measurements/by/profile', search, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval,
    meta: { errorCode: 'measurements.fetchFailed' },
  });
}

export type { KpiResult, MeasurementDetail } from '@nq/contracts/measurements/measurement-detail';

/** One measurement with its result section and KPI results (shown in place when it fails). */
export function useMeasurementDetail(id: string) {
  return useQuery({
    queryKey: ['measurements', 'detail', id],
    queryFn: ({ signal }) =>
      api.get<MeasurementDetail>(`/api/measurements/by/id/${encodeURIComponent(id)}`, { signal }),
    meta: { silent: true },
  });
}
