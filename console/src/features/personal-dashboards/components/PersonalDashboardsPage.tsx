import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddressState } from '../../../shared/routing/useAddressState.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { PageHeader } from '../../../shared/ui/screens.tsx';
import { DashboardList } from './DashboardList.tsx';
import { DashboardView } from './DashboardView.tsx';
import { NotificationsBell } from './NotificationsBell.tsx';

/**
 * /dashboards_personal: opens in list view; `?dashboard=<id>` (the link a share e-mail carries) opens one,
 * `category`, `from` and `to` keep what it shows.
 */
export default function PersonalDashboardsPage() {
  const { t } = useTranslation('personalDashboards');
  const { params, set } = useAddressState();
  const dashboardId = params.get('dashboard');
  // The charts' drawing library is fetched while the dashboards are read, not after the first graphic's answer.
  useEffect(() => {
    void import('../../../shared/charts/echarts-runtime.ts');
  }, []);
  const open = (id: string) =>
    set({ dashboard: id, category: undefined, from: undefined, to: undefined }, { history: 'push' });
  return (
    <div>
      <PageHeader
        title={t('title')}
        actions={
          <>
            {dashboardId && (
              <Button
                variant="secondary"
                onClick={() =>
                  set(
                    { dashboard: undefined, category: undefined, from: undefined, to: undefined },
                    { history: 'push' },
                  )
                }
              >
                {t('backToList')}
              </Button>
            )}
            <NotificationsBell onOpen={open} />
          </>
        }
      >
        {!dashboardId && <p className="text-sm text-gray-600">{t('intro')}</p>}
      </PageHeader>
      {dashboardId ? (
        <DashboardView key={dashboardId} id={dashboardId} onOpen={open} />
      ) : (
        <DashboardList onOpen={open} />
      )}
    </div>
  );
}
