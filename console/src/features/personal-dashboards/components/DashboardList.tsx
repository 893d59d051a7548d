import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { type Column, DataTable } from '../../../shared/ui/DataTable.tsx';
import { ConfirmDialog } from '../../../shared/ui/Modal.tsx';
import { ErrorNotice } from '../../../shared/ui/notices.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { dashboardsApi, type PersonalDashboard } from '../api/dashboards-api.ts';
import { isOwnedByViewer, useDashboardList, useDashboardWrite } from '../api/useDashboards.ts';
import { NameDialog } from './NameDialog.tsx';

type Naming =
  | { kind: 'create' }
  | { kind: 'clone'; dashboard: PersonalDashboard }
  | { kind: 'rename'; dashboard: PersonalDashboard };

/** A refusal the name dialog shows (a duplicate name); anything else is toasted with the screen's code. */
export const nameProblemOf = (error: unknown) =>
  isApiError(error) && error.status >= 400 && error.status < 500 ? error.code : undefined;

/**
 * Personal dashboards' list view (docs/product/screens.md#dashboards_personal): own and shared ones; create, open,
 * rename, clone, delete.
 */
export function DashboardList({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation('personalDashboards');
  const dashboards = useDashboardList();
  const [naming, setNaming] = useState<Naming>();
  const [deleting, setDeleting] = useState<PersonalDashboard>();
  const save = useDashboardWrite(async ({ naming: asked, name }: { naming: Naming; name: string }) => {
    if (asked.kind === 'create') return (await dashboardsApi.create(name)).id;
    if (asked.kind === 'clone') return (await dashboardsApi.clone(asked.dashboard.id, name)).result.id;
    await dashboardsApi.rename(asked.dashboard.id, name);
    return asked.dashboard.id;
  });
  const remove = useDashboardWrite((dashboard: PersonalDashboard) => dashboardsApi.remove(dashboard.id));
  const problem = nameProblemOf(save.error);

  const closeNaming = () => {
    setNaming(undefined);
    save.reset();
  };
  const submitName = (name: string) => {
    if (!naming) return;
    save.mutate(
      { naming, name },
      {
        onSuccess: (id) => {
          const done = naming.kind;
          closeNaming();
          toast.success(t(`saved.${done}`, { name }));
          if (done !== 'rename') onOpen(id);
        },
        onError: (error) => !nameProblemOf(error) && toast.error(error, 'dashboards.saveFailed'),
      },
    );
  };

  const columns: Column<PersonalDashboard>[] = [
    {
      key: 'name',
      header: t('name'),
      render: (dashboard) => (
        <button
          type="button"
          className="font-medium text-blue-700 hover:underline"
          onClick={() => onOpen(dashboard.id)}
        >
          {dashboard.name}
        </button>
      ),
    },
    {
      key: 'owner',
      header: t('ownership'),
      render: (dashboard) =>
        isOwnedByViewer(dashboard) ? (
          t('own')
        ) : (
          <span className="rounded bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">
            {t('sharedBy', { sharer: dashboard.sharedBy ?? '' })}
          </span>
        ),
    },
    {
      key: 'graphics',
      header: t('graphicCount'),
      className: 'tabular-nums',
      render: (dashboard) => dashboard.categories.reduce((count, category) => count + category.graphics.length, 0),
    },
    {
      key: 'actions',
      header: <span className="sr-only">{t('actions')}</span>,
      render: (dashboard) => (
        <span className="flex justify-end gap-1">
          <Button
            variant="ghost"
            onClick={() => onOpen(dashboard.id)}
            aria-label={t('openNamed', { name: dashboard.name })}
          >
            {t('open')}
          </Button>
          {isOwnedByViewer(dashboard) && (
            <Button
              variant="ghost"
              onClick={() => setNaming({ kind: 'rename', dashboard })}
              aria-label={t('renameNamed', { name: dashboard.name })}
            >
              {t('rename')}
            </Button>
          )}
          <Button
            variant="ghost"
            onClick={() => setNaming({ kind: 'clone', dashboard })}
            aria-label={t('cloneNamed', { name: dashboard.name })}
          >
            {t('clone')}
          </Button>
          {isOwnedByViewer(dashboard) && (
            <Button
              variant="ghost"
              className="text-rose-700"
              onClick={() => setDeleting(dashboard)}
              aria-label={t('deleteNamed', { name: dashboard.name })}
            >
              {t('delete')}
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <Button onClick={() => setNaming({ kind: 'create' })}>{t('create')}</Button>
      </div>
      {dashboards.isError ? (
        <ErrorNotice code="dashboards.fetchFailed" onRetry={() => void dashboards.refetch()} retryLabel={t('retry')} />
      ) : dashboards.data?.list.length === 0 ? (
        <p className="rounded-lg border border-gray-200 bg-white px-3 py-6 text-center text-sm text-gray-500">
          {t('empty')}
        </p>
      ) : (
        <DataTable
          caption={t('listCaption')}
          columns={columns}
          rows={dashboards.data?.list}
          rowKey={(dashboard) => dashboard.id}
          loading={dashboards.isPending}
        />
      )}
      <NameDialog
        open={naming !== undefined}
        title={
          naming ? t(`naming.${naming.kind}`, { name: naming.kind === 'create' ? '' : naming.dashboard.name }) : ''
        }
        action={naming?.kind === 'rename' ? t('rename') : t('save')}
        initialName={naming?.kind === 'rename' ? naming.dashboard.name : ''}
        {...(naming?.kind === 'clone' ? { note: t('cloneNote') } : {})}
        busy={save.isPending}
        errorCode={problem}
        onSubmit={submitName}
        onCancel={closeNaming}
      />
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete')}
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => {
              setDeleting(undefined);
              toast.success(t('deleted', { name: deleting.name }));
            },
            onError: (error) => toast.error(error, 'dashboards.deleteFailed'),
          })
        }
      />
    </div>
  );
}
