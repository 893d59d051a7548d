import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';
import { toast } from '../../../shared/ui/toasts.ts';
import {
  type AlertHistoryEntry,
  alertHistoryApi,
  alertKeys,
  type HistoryFilters,
  type HistoryPage,
} from './alerts-api.ts';

/**
 * A page of the alert history, newest first; each time it is read again the shell's unread badge is read again too,
 * so both say the same.
 */
export function useHistoryPage(query: HistoryFilters & { page: number; pageSize: number }) {
  const queryClient = useQueryClient();
  const refetchInterval = useRefreshInterval();
  const page = useQuery({
    queryKey: alertKeys.page(query),
    queryFn: ({ signal }) => alertHistoryApi.list(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval,
    meta: { errorCode: 'alerts.historyFailed' },
  });
  useEffect(() => {
    if (page.dataUpdatedAt) void queryClient.invalidateQueries({ queryKey: alertKeys.unreadCount });
  }, [page.dataUpdatedAt, queryClient]);
  return page;
}

/**
 * Marks entries read or unread (docs/product/states.md#alerts: one at a time, or all on the page). The page and the
 * shell's badge change at once; both are read again afterwards.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entries, read }: { entries: readonly AlertHistoryEntry[]; read: boolean }) =>
      entries.length === 1
        ? alertHistoryApi.markRead(entries[0]!.id, read)
        : alertHistoryApi.markManyRead(
            entries.map((entry) => entry.id),
            read,
          ),
    onMutate: async ({ entries, read }) => {
      await queryClient.cancelQueries({ queryKey: alertKeys.history });
      const ids = new Set(entries.filter((entry) => entry.read !== read).map((entry) => entry.id));
      queryClient.setQueriesData<HistoryPage>(
        { queryKey: ['alerts', 'history', 'page'] },
        (page) => page && { ...page, list: page.list.map((entry) => (ids.has(entry.id) ? { ...entry, read } : entry)) },
      );
      queryClient.setQueryData<{ count: number }>(
        alertKeys.unreadCount,
        (badge) => badge && { count: Math.max(0, badge.count + (read ? -ids.size : ids.size)) },
      );
    },
    onError: (error) => toast.error(error, 'alerts.historyFailed'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
    meta: { silent: true },
  });
}
