import type { SmartPerformanceRequest } from '@nq/contracts/analytics/smart-performance';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import {
  type RefreshInterval,
  setRefreshInterval,
  useRefreshIntervalSetting,
} from '../../../shared/api/refresh-interval.ts';
import { useChangeMarkers } from '../../../shared/charts/useChangeMarkers.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { useAddressState } from '../../../shared/routing/useAddressState.ts';
import { formatTime } from '../../../shared/ui/format.ts';
import { FormAlert, PageHeader, Spinner } from '../../../shared/ui/screens.tsx';
import { useSmartPerformanceDashboard, useSmartPerformanceData } from '../api/smart-performance.ts';
import { DashboardControls } from './DashboardControls.tsx';
import { type DashboardChoice, readChoice, withChoice } from './dashboard-search.ts';
import { KpiChartCard } from './KpiChartCard.tsx';

const failureText = (error: unknown) =>
  isApiError(error) && error.code !== 'internal.error' && error.code !== 'generic.error'
    ? error.localized
    : errorMessage('smartPerformance.fetchFailed');

/**
 * The refresh interval the address names, else the navbar's; choosing one here sets both, and a choice in the navbar
 * follows into the address, so the two never disagree.
 */
function useDashboardRefresh(choice: DashboardChoice, change: (next: DashboardChoice) => void) {
  const navbarInterval = useRefreshIntervalSetting();
  const seen = useRef(navbarInterval);
  useEffect(() => {
    if (seen.current === navbarInterval) return;
    seen.current = navbarInterval;
    change({ refresh: navbarInterval });
  }, [navbarInterval, change]);
  const choose = (refresh: RefreshInterval) => {
    change({ refresh });
    setRefreshInterval(refresh);
  };
  return [choice.refresh ?? navbarInterval, choose] as const;
}

/** /smartPerformance: a chart per KPI of the profile over a recent window, asked again at the chosen interval. */
export default function SmartPerformancePage() {
  const { t } = useTranslation('smartPerformance');
  const { params: search, update } = useAddressState();
  const choice = readChoice(search);
  const change = (next: DashboardChoice) => update((current) => withChoice(current, next));
  const [refresh, chooseRefresh] = useDashboardRefresh(choice, change);
  const dashboard = useSmartPerformanceDashboard();
  const period = choice.window ?? dashboard.data?.defaultWindow ?? '7d';
  const grouping = choice.grouping ?? dashboard.data?.grouping ?? 'isp';
  const request: SmartPerformanceRequest | undefined = dashboard.data
    ? { window: period, ...(choice.grouping ? { grouping } : {}) }
    : undefined;
  const data = useSmartPerformanceData(request, refresh || false);
  const timeZone = dashboard.data?.timeZone ?? 'Etc/UTC';
  // Every chart covers the same window of the whole profile scope: one question for all of them.
  const shown = data.data?.window;
  const markers = useChangeMarkers(shown ? { tsStart: shown.from, tsEnd: shown.to } : undefined);
  const updatedAt = data.dataUpdatedAt > 0 ? formatTime(data.dataUpdatedAt, timeZone) : undefined;
  const failure = dashboard.error ?? data.error;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('title')}>
        <p className="text-sm text-gray-500" role="status" aria-live="polite" data-testid="updated-at">
          {data.isFetching ? t('updating') : updatedAt ? t('updatedAt', { time: updatedAt }) : ''}
        </p>
      </PageHeader>
      <DashboardControls
        window={period}
        grouping={grouping}
        refresh={refresh}
        onWindow={(next) => change({ window: next })}
        onGrouping={(next) => change({ grouping: next })}
        onRefresh={chooseRefresh}
      />
      {failure && <FormAlert>{failureText(failure)}</FormAlert>}
      {(dashboard.isPending || (data.isPending && request)) && !failure && <Spinner label={t('common:loading')} />}
      {dashboard.data && dashboard.data.kpis.length === 0 && (
        <p role="status" className="py-12 text-center text-sm text-gray-500">
          {t('noKpis')}
        </p>
      )}
      {data.data && (
        <ul aria-label={t('charts')} className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          {data.data.charts.map((chart) => (
            <li key={chart.kpi}>
              <KpiChartCard
                chart={chart}
                answer={data.data}
                timeZone={timeZone}
                markers={markers}
                refreshing={data.isFetching}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
