import type { ChangeMarkersRequest, ChangeMarkersResponse } from '@nq/contracts/analytics/change-markers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../api/api-client.ts';
import { useRefreshInterval } from '../api/refresh-interval.ts';
import type { ChangeMarker, ChartData } from './chart-model.ts';

/**
 * The period a time chart covers, to ask its change markers for: the dates the screen asked, or else from the chart's
 * first bucket (up to now when no end was asked). Undefined for a chart over categories (weekdays, everything in one),
 * where a change has no place.
 */
export function changeMarkersPeriod(
  data: ChartData | undefined,
  asked: { tsStart?: string | undefined; tsEnd?: string | undefined } = {},
): Pick<ChangeMarkersRequest, 'tsStart' | 'tsEnd'> | undefined {
  if (data?.axis.kind !== 'time' || data.axis.values.length === 0) return undefined;
  const first = Math.min(...data.axis.values);
  return {
    tsStart: asked.tsStart || new Date(first).toISOString(),
    ...(asked.tsEnd ? { tsEnd: asked.tsEnd } : {}),
  };
}

const noMarkers: ChangeMarker[] = [];

/**
 * The configuration changes (probes moved, campaign polygons redrawn, scorecards redefined…) that touch a time chart's
 * selection within its period, for `<GraphicChart markers>`; none while `request` is undefined. It follows the navbar
 * refresh interval. A failure leaves the chart without markers rather than toasting: the chart's own query reports
 * what is wrong with the question.
 */
export function useChangeMarkers(request: ChangeMarkersRequest | undefined): ChangeMarker[] {
  const refetchInterval = useRefreshInterval();
  const markers = useQuery({
    queryKey: ['change-markers', request],
    queryFn: ({ signal }) => api.post<ChangeMarkersResponse>('/api/graphic/change-markers', request, { signal }),
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval,
    meta: { silent: true },
  });
  return (request && markers.data?.list) || noMarkers;
}
