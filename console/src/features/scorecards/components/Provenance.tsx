import type { ScorecardConfiguration } from '@nq/contracts/analytics/scorecard-calculation';
import { useTranslation } from 'react-i18next';
import { windowText } from '../model/windows.ts';

/** Where the numbers come from: the data window (in the profile's time zone) and the configuration version. */
export function Provenance({
  window,
  configuration,
  pinned,
  onPin,
}: {
  window: { from: string; to: string; timeZone: string };
  configuration: ScorecardConfiguration;
  pinned: boolean;
  onPin?: (() => void) | undefined;
}) {
  const { t } = useTranslation('scorecards');
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-gray-700" data-testid="provenance">
      <div className="flex gap-1">
        <dt className="font-medium">{t('dataWindow')}:</dt>
        <dd data-testid="data-window">
          {windowText(window)} ({window.timeZone})
        </dd>
      </div>
      <div className="flex items-center gap-1">
        <dt className="font-medium">{t('configurationVersion')}:</dt>
        <dd data-testid="configuration-version" data-position={configuration.position}>
          {t('versionAt', { version: configuration.version })}
          {pinned ? (
            <span className="ml-2 text-xs text-gray-500">{t('versionPinned')}</span>
          ) : (
            onPin && (
              <button type="button" className="ml-2 text-xs font-medium text-blue-700 underline" onClick={onPin}>
                {t('pinVersion')}
              </button>
            )
          )}
        </dd>
      </div>
    </dl>
  );
}
