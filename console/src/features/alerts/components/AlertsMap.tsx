import type { AlertGrouping } from '@nq/contracts/configuration/alert';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEntityList } from '../../../shared/api/entities.ts';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { ErrorNotice } from '../../../shared/ui/notices.tsx';
import { Spinner } from '../../../shared/ui/screens.tsx';
import { useProbePositions } from '../../maps/api/probes-map.ts';
import { LazyMap } from '../../maps/components/LazyMap.tsx';
import { Legend } from '../../maps/components/Legend.tsx';
import { madrid, viewOf } from '../../maps/kepler/map-layers.ts';
import { type AlertView, alertHistoryApi, alertKeys, alertsPath } from '../api/alerts-api.ts';
import { groupMembers } from '../api/group-members.ts';
import { alertGroupLayers, groupsOf } from '../model/alert-map.ts';
import type { ShownState } from '../model/alert-state.ts';

const memberKey = (kind: AlertGrouping, id: string) => `${kind}:${id}`;

/**
 * The map tab: every group of the profile's alerts at its probes, coloured by its latest state, with a legend. Given
 * an alert (the history's filter, kept in the address), only that alert's groups.
 */
export function AlertsMap({ alertId, onShowEvery }: { alertId?: string | undefined; onShowEvery: () => void }) {
  const { t } = useTranslation('alerts');
  const refetchInterval = useRefreshInterval();
  const alerts = useEntityList<AlertView>(alertsPath, { pageSize: 500, fields: 'name' }, 'alerts.fetchFailed');
  const shown = (alerts.data?.list ?? []).filter((alert) => alertId === undefined || alert.id === alertId);
  const latest = useQueries({
    queries: shown.map((alert) => ({
      queryKey: alertKeys.latest(alert.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => alertHistoryApi.latest(alert.id, signal),
      refetchInterval,
      meta: { silent: true },
    })),
  });
  const groups = useMemo(() => groupsOf(latest.flatMap((query) => query.data?.list ?? [])), [latest]);
  const wanted = [
    ...new Map(groups.filter((group) => group.kind !== 'probe').map((g) => [memberKey(g.kind, g.id), g])).values(),
  ];
  const members = useQueries({
    queries: wanted.map((group) => ({
      queryKey: ['alerts', 'group-members', group.kind, group.id],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        groupMembers(group.kind as Exclude<AlertGrouping, 'probe'>, group.id, signal),
      staleTime: 60_000,
      meta: { silent: true },
    })),
  });
  const membersByGroup = new Map(
    wanted.map((group, index) => [memberKey(group.kind, group.id), members[index]?.data ?? []]),
  );
  // Where the groups' probes are: asked for by id, so the answer is as large as the groups, not as the fleet.
  const probes = useProbePositions([
    ...groups.filter((group) => group.kind === 'probe').map((group) => group.id),
    ...[...membersByGroup.values()].flat(),
  ]);
  const positions = probes.positions;
  const stateText = (state: ShownState) => t(`states.${state}`);
  const { layers, unlocated } = alertGroupLayers(
    groups,
    { positions, membersOf: (kind, id) => membersByGroup.get(memberKey(kind, id)) ?? [] },
    {
      state: stateText,
      kind: (kind) => t(`groupings.${kind}`),
      detail: {
        alert: t('map.detail.alert'),
        group: t('map.detail.group'),
        state: t('map.detail.state'),
        probe: t('map.detail.probe'),
      },
    },
  );
  const view = useMemo(
    () =>
      viewOf(
        layers.flatMap((layer) => layer.points),
        madrid,
      ),
    [layers],
  );

  if (alerts.isError) return <ErrorNotice code="alerts.fetchFailed" onRetry={() => void alerts.refetch()} />;
  if (alerts.isPending || latest.some((query) => query.isPending) || probes.isPending)
    return <Spinner label={t('map.loading')} />;
  const only = alertId !== undefined && (
    <p className="flex items-center gap-2 text-sm text-gray-700">
      {shown[0] ? t('map.onlyAlert', { name: shown[0].name }) : t('map.alertNotFound')}
      <Button variant="secondary" onClick={onShowEvery}>
        {t('map.showEvery')}
      </Button>
    </p>
  );
  if (groups.length === 0)
    return (
      <div className="space-y-2">
        {only}
        <p className="text-sm text-gray-600">{t('map.noGroups')}</p>
      </div>
    );
  return (
    <div className="flex flex-col gap-3 lg:flex-row">
      <div className="min-w-0 flex-1 space-y-2">
        {only}
        {layers.length === 0 && <p className="text-sm text-gray-600">{t('map.nothingLocated')}</p>}
        {probes.isError && (
          <p role="alert" className="text-sm text-rose-700">
            {t('map.probesFailed')}
          </p>
        )}
        {layers.length > 0 && (
          <>
            <Legend
              title={t('map.legend')}
              entries={layers.map((layer) => ({
                label: layer.label,
                colour: layer.colour,
                count: layer.points.length,
              }))}
            />
            <LazyMap layers={layers} view={view} label={t('map.label')} />
          </>
        )}
      </div>
      {unlocated.length > 0 && (
        <aside
          className="w-full space-y-2 rounded-lg border border-gray-200 bg-white p-3 lg:w-72"
          aria-labelledby="unlocated-groups"
        >
          <h2 id="unlocated-groups" className="text-sm font-semibold text-gray-700">
            {t('map.unlocated')}
          </h2>
          <ul className="space-y-1 text-sm" data-testid="unlocated-groups">
            {unlocated.map((group) => (
              <li
                key={`${group.alertName}-${group.kind}-${group.id}`}
                className="flex items-center justify-between gap-2"
              >
                <span>
                  {group.alertName} · {t(`groupings.${group.kind}`)}: {group.label}
                </span>
                <span className="text-xs text-gray-600">{stateText(group.state)}</span>
              </li>
            ))}
          </ul>
        </aside>
      )}
    </div>
  );
}
