import {
  type SmartPerformanceGrouping,
  type SmartPerformanceWindow,
  smartPerformanceGroupings,
  smartPerformanceWindows,
} from '@nq/contracts/analytics/smart-performance';
import { useTranslation } from 'react-i18next';
import { type RefreshInterval, refreshIntervals } from '../../../shared/api/refresh-interval.ts';
import { SelectField } from '../../../shared/ui/fields.tsx';

const intervalText = (interval: number) => (interval < 60_000 ? `${interval / 1000} s` : `${interval / 60_000} min`);

interface DashboardControlsProps {
  window: SmartPerformanceWindow;
  grouping: SmartPerformanceGrouping;
  refresh: RefreshInterval;
  onWindow: (window: SmartPerformanceWindow) => void;
  onGrouping: (grouping: SmartPerformanceGrouping) => void;
  onRefresh: (refresh: RefreshInterval) => void;
}

/**
 * The window, what the series stand for and how often the charts are asked again
 * (docs/product/screens.md#access-and-navigation, refresh intervals).
 */
export function DashboardControls(props: DashboardControlsProps) {
  const { t } = useTranslation('smartPerformance');
  return (
    <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label={t('controls')}>
      <SelectField
        label={t('window')}
        value={props.window}
        onChange={(event) => props.onWindow(event.target.value as SmartPerformanceWindow)}
        options={smartPerformanceWindows.map((value) => ({ value, label: t(`windows.${value}`) }))}
      />
      <SelectField
        label={t('grouping')}
        value={props.grouping}
        onChange={(event) => props.onGrouping(event.target.value as SmartPerformanceGrouping)}
        options={smartPerformanceGroupings.map((value) => ({ value, label: t(`groupings.${value}`) }))}
      />
      <SelectField
        label={t('refresh')}
        value={String(props.refresh)}
        onChange={(event) => props.onRefresh(Number(event.target.value) as RefreshInterval)}
        options={refreshIntervals.map((value) => ({
          value: String(value),
          label: value === 0 ? t('refreshOff') : intervalText(value),
        }))}
      />
    </fieldset>
  );
}
