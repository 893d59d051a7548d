import { useQuery } from '@tanstack/react-query';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';
import { alertHistoryApi, alertKeys } from './alerts-api.ts';

/**
 * Each group's latest history entry of an alert (the table's state, the map's colours); it follows the navbar's
 * refresh interval. Silent: an alert never evaluated, or a history that cannot be read, shows no state.
 */
export function useLatestOfAlert(alertId: string) {
  const refetchInterval = useRefreshInterval();
  return useQuery({
    queryKey: alertKeys.latest(alertId),
    queryFn: ({ signal }) => alertHistoryApi.latest(alertId, signal),
    refetchInterval,
    meta: { silent: true },
  });
}

/** When the alert last fired: its newest `firing` history entry. */
export function useLastFired(alertId: string) {
  const refetchInterval = useRefreshInterval();
  return useQuery({
    queryKey: alertKeys.lastFired(alertId),
    queryFn: async ({ signal }) => {
      const page = await alertHistoryApi.list({ alertId, state: 'firing', page: 1, pageSize: 1 }, signal);
      return page.list[0]?.recordedAt ?? null;
    },
    refetchInterval,
    meta: { silent: true },
  });
}
