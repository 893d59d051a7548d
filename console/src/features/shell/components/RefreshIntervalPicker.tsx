import { useTranslation } from 'react-i18next';
import {
  type RefreshInterval,
  refreshIntervals,
  setRefreshInterval,
  useRefreshIntervalSetting,
} from '../../../shared/api/refresh-interval.ts';

const label = (interval: number) =>
  interval === 0 ? 'off' : interval < 60_000 ? `${interval / 1000} s` : `${interval / 60_000} min`;

export function RefreshIntervalPicker() {
  const { t } = useTranslation('shell');
  const interval = useRefreshIntervalSetting();
  return (
    <label className="inline-flex items-center gap-1 text-sm text-gray-600">
      <span>{t('refresh')}</span>
      <select
        data-testid="refresh-interval"
        className="rounded border border-gray-300 bg-white px-1.5 py-1 text-sm"
        value={interval}
        onChange={(event) => setRefreshInterval(Number(event.target.value) as RefreshInterval)}
      >
        {refreshIntervals.map((option) => (
          <option key={option} value={option}>
            {option === 0 ? t('refreshOff') : label(option)}
          </option>
        ))}
      </select>
    </label>
  );
}
