import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionStore } from '../../../shared/api/session-store.ts';
import { dashboardKeys, dashboardsApi, type PersonalDashboard } from './dashboards-api.ts';

export function useDashboardList() {
  return useQuery({
    queryKey: dashboardKeys.list,
    queryFn: ({ signal }) => dashboardsApi.list(signal),
    meta: { errorCode: 'dashboards.fetchFailed' },
  });
}

export function useDashboard(id: string) {
  return useQuery({
    queryKey: dashboardKeys.one(id),
    queryFn: ({ signal }) => dashboardsApi.get(id, signal),
    meta: { silent: true },
  });
}

/** The dashboard's owner is a profile: the one the session works under owns it, or it was shared with the user. */
export const isOwnedByViewer = (dashboard: Pick<PersonalDashboard, 'owner'>) =>
  dashboard.owner === sessionStore.get()?.profile.id;

/** A write whose errors the screen shows itself; every dashboard read is refreshed after it. */
export function useDashboardWrite<Variables, Answer>(write: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.all, refetchType: 'active' }),
  });
}
