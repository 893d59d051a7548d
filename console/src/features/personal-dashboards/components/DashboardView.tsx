import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useAddressState } from '../../../shared/routing/useAddressState.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { ErrorNotice } from '../../../shared/ui/notices.tsx';
import { Spinner } from '../../../shared/ui/screens.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { dashboardsApi } from '../api/dashboards-api.ts';
import { isOwnedByViewer, useDashboard, useDashboardWrite } from '../api/useDashboards.ts';
import type { DateWindow } from '../model/date-window.ts';
import { AdvancedFilters } from './AdvancedFilters.tsx';
import { CategoriesPanel } from './CategoriesPanel.tsx';
import { nameProblemOf } from './DashboardList.tsx';
import { GraphicGrid } from './GraphicGrid.tsx';
import { NameDialog } from './NameDialog.tsx';
import { SendPdfButton } from './SendPdfButton.tsx';
import { ShareDialog } from './ShareDialog.tsx';

/**
 * One dashboard: the categories panel (open), the advanced filters (closed), the chosen category's graphics on their
 * grid. Its owner arranges and shares it; a user it was shared with reads it and may save a copy of their own.
 */
export function DashboardView({ id, onOpen }: { id: string; onOpen: (id: string) => void }) {
  const { t } = useTranslation('personalDashboards');
  const { params, set } = useAddressState();
  const dashboard = useDashboard(id);
  const [categoriesOpen, setCategoriesOpen] = useState(true);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [cloning, setCloning] = useState(false);
  const clone = useDashboardWrite((name: string) => dashboardsApi.clone(id, name));

  if (dashboard.isPending) return <Spinner label={t('common:loading')} />;
  if (dashboard.isError) {
    const code =
      isApiError(dashboard.error) && dashboard.error.status === 404 ? 'resource.notFound' : 'dashboards.fetchFailed';
    return <ErrorNotice code={code} onRetry={() => void dashboard.refetch()} retryLabel={t('retry')} />;
  }
  const shown = dashboard.data;
  const own = isOwnedByViewer(shown);
  const asked = params.get('category');
  const category = shown.categories.some((found) => found.name === asked) ? asked! : shown.categories[0]?.name;
  const window: DateWindow = {
    ...(params.get('from') ? { tsStart: params.get('from')! } : {}),
    ...(params.get('to') ? { tsEnd: params.get('to')! } : {}),
  };
  const windowSet = Boolean(window.tsStart || window.tsEnd);

  const saveCopy = (name: string) =>
    clone.mutate(name, {
      onSuccess: (answer) => {
        setCloning(false);
        clone.reset();
        toast.success(t('saved.clone', { name }));
        onOpen(answer.result.id);
      },
      onError: (error) => !nameProblemOf(error) && toast.error(error, 'dashboards.saveFailed'),
    });

  return (
    <div className="space-y-3" data-testid="dashboard-view" data-owned={own}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-gray-900">{shown.name}</h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" aria-expanded={categoriesOpen} onClick={() => setCategoriesOpen((open) => !open)}>
            {t('categories')}
          </Button>
          <Button variant="secondary" aria-expanded={filtersOpen} onClick={() => setFiltersOpen((open) => !open)}>
            {windowSet ? t('advancedFiltersOn') : t('advancedFilters')}
          </Button>
          {own && (
            <Button variant="secondary" onClick={() => setSharing(true)}>
              {t('share')}
            </Button>
          )}
          <SendPdfButton dashboard={shown} />
          <Button variant={own ? 'secondary' : 'primary'} onClick={() => setCloning(true)}>
            {t('saveCopy')}
          </Button>
        </div>
      </div>
      {!own && (
        <p role="note" className="rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900">
          {t('readOnly', { sharer: shown.sharedBy ?? '' })}
        </p>
      )}
      {filtersOpen && (
        <AdvancedFilters window={window} onApply={(applied) => set({ from: applied.tsStart, to: applied.tsEnd })} />
      )}
      <div className="flex flex-col gap-4 md:flex-row">
        {categoriesOpen && (
          <CategoriesPanel
            dashboard={shown}
            selected={category}
            editable={own}
            onSelect={(name) => set({ category: name }, { history: 'push' })}
          />
        )}
        <div className="min-w-0 flex-1">
          {category ? (
            <GraphicGrid dashboard={shown} category={category} editable={own} window={window} />
          ) : (
            <p className="rounded-lg border border-dashed border-gray-300 bg-white px-3 py-10 text-center text-sm text-gray-500">
              {t('noCategories')}
            </p>
          )}
        </div>
      </div>
      {own && <ShareDialog dashboard={shown} open={sharing} onClose={() => setSharing(false)} />}
      <NameDialog
        open={cloning}
        title={t('naming.clone', { name: shown.name })}
        action={t('save')}
        note={t('cloneNote')}
        busy={clone.isPending}
        errorCode={nameProblemOf(clone.error)}
        onSubmit={saveCopy}
        onCancel={() => {
          setCloning(false);
          clone.reset();
        }}
      />
    </div>
  );
}
