import type { Profile } from '@nq/contracts/identity/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { specificCodeOr } from '../../../shared/api/api-error.ts';
import { entityKeys } from '../../../shared/api/entities.ts';
import { DeleteConfirmDialog } from '../../../shared/entity-screen/DeleteConfirmDialog.tsx';
import { ListSearchBox } from '../../../shared/entity-screen/ListSearchBox.tsx';
import { PagedTable } from '../../../shared/entity-screen/PagedTable.tsx';
import { RowActionButton } from '../../../shared/entity-screen/RowActionButton.tsx';
import { useActionsColumn } from '../../../shared/entity-screen/useActionsColumn.tsx';
import { useEntityDeletion } from '../../../shared/entity-screen/useEntityDeletion.ts';
import { usePagedEntityList } from '../../../shared/entity-screen/usePagedEntityList.ts';
import type { Column } from '../../../shared/ui/DataTable.tsx';
import { StatusBadge } from '../../../shared/ui/StatusBadge.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import { type AlertView, alertConfigApi, alertsPath } from '../api/alerts-api.ts';
import { useLastFired, useLatestOfAlert } from '../api/useAlertStatus.ts';
import { stateColours, worstState } from '../model/alert-state.ts';
import { AlertForm } from './AlertForm.tsx';

/** The alerts tab: each alert with its state, when it last fired, its switch and its status; create, edit, delete. */
export function AlertsTable({
  profile,
  creating,
  onFormClosed,
}: {
  profile: Profile;
  creating: boolean;
  onFormClosed: () => void;
}) {
  const { t } = useTranslation('alerts');
  const paged = usePagedEntityList<AlertView>(alertsPath, {}, 'alerts.fetchFailed');
  const [editing, setEditing] = useState<AlertView>();
  const deletion = useEntityDeletion<AlertView>(alertsPath, specificCodeOr('alerts.deleteFailed'));
  const actions = useActionsColumn<AlertView>({
    labelOf: (alert) => alert.name,
    actions: (alert) => (
      <RowActionButton action={t('common:edit')} rowLabel={alert.name} onClick={() => setEditing(alert)} />
    ),
    onDelete: deletion.ask,
  });
  const columns: Column<AlertView>[] = [
    { key: 'name', header: t('columns.name') },
    { key: 'type', header: t('columns.type'), render: (alert) => t(`types.${alert.type}`) },
    { key: 'state', header: t('columns.state'), render: (alert) => <AlertStateCell alertId={alert.id} /> },
    { key: 'lastFired', header: t('columns.lastFired'), render: (alert) => <LastFiredCell alertId={alert.id} /> },
    { key: 'enabled', header: t('columns.enabled'), render: (alert) => <EnabledSwitch alert={alert} /> },
    {
      key: 'status',
      header: t('columns.status'),
      render: (alert) => <StatusBadge status={alert.status} label={t(`statuses.${alert.status}`)} />,
    },
    actions,
  ];

  return (
    <>
      <ListSearchBox paged={paged} />
      <PagedTable paged={paged} columns={columns} caption={t('title')} />
      <DeleteConfirmDialog {...deletion.dialog} labelOf={(alert) => alert.name} />
      {(creating || editing) && (
        <AlertForm
          profile={profile}
          alert={editing}
          onClose={() => {
            setEditing(undefined);
            onFormClosed();
          }}
        />
      )}
    </>
  );
}

export function StateBadge({ state, label }: { state: keyof typeof stateColours | undefined; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5" data-state={state ?? 'none'}>
      <span
        aria-hidden
        className="h-2.5 w-2.5 rounded-full"
        style={{ backgroundColor: state ? stateColours[state] : '#d1d5db' }}
      />
      {label}
    </span>
  );
}

function AlertStateCell({ alertId }: { alertId: string }) {
  const { t } = useTranslation('alerts');
  const latest = useLatestOfAlert(alertId);
  const state = worstState(latest.data?.list ?? []);
  return <StateBadge state={state} label={t(`states.${state ?? 'none'}`)} />;
}

function LastFiredCell({ alertId }: { alertId: string }) {
  const { t } = useTranslation('alerts');
  const dates = useDateFormat();
  const lastFired = useLastFired(alertId);
  return <>{lastFired.data ? dates.dateTime(lastFired.data) : t('never')}</>;
}

/**
 * Enabled or disabled, one command each; the switch shows the asked state while the command runs
 * (docs/product/states.md#alerts).
 */
function EnabledSwitch({ alert }: { alert: AlertView }) {
  const { t } = useTranslation('alerts');
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (enabled: boolean) => alertConfigApi.switch(alert.id, enabled),
    onSuccess: (_, enabled) => {
      toast.success(t(enabled ? 'switched.on' : 'switched.off', { name: alert.name }));
      return queryClient.invalidateQueries({ queryKey: entityKeys.all(alertsPath) });
    },
    onError: (error, enabled) =>
      toast.error(specificCodeOr(enabled ? 'alerts.enableFailed' : 'alerts.disableFailed')(error)),
    meta: { silent: true },
  });
  const enabled = change.isPending ? change.variables : alert.enabled;
  return (
    <input
      type="checkbox"
      role="switch"
      aria-label={t('switchLabel', { name: alert.name })}
      aria-checked={enabled}
      checked={enabled}
      disabled={change.isPending}
      onChange={() => change.mutate(!alert.enabled)}
      className="h-4 w-8 cursor-pointer appearance-none rounded-full bg-gray-300 transition before:block before:h-4 before:w-4 before:rounded-full before:bg-white before:shadow before:transition checked:bg-blue-600 checked:before:translate-x-4 disabled:opacity-60"
    />
  );
}
