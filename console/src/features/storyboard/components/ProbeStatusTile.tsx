import type { StoryboardProbeStatus } from '@nq/contracts/analytics/storyboard';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from './number-format.ts';
import { useReaches } from './screen-links.ts';

const states = [
  { state: 'Available', colour: 'border-emerald-500 text-emerald-800' },
  { state: 'Ready', colour: 'border-blue-500 text-blue-800' },
  { state: 'Not ready', colour: 'border-amber-500 text-amber-900' },
  { state: 'Not available', colour: 'border-rose-500 text-rose-800' },
] as const;

/**
 * The probes the profile sees by the state each last reported, and the way to the screens that list them; on a pinned
 * storyboard, that these are their states now.
 */
export function ProbeStatusContent({ tile }: { tile: StoryboardProbeStatus }) {
  const { t } = useTranslation(['storyboard', 'fleet']);
  const reaches = useReaches();
  // A pinned storyboard reproduces everything but the probes' states, which are the fleet's now.
  const current = tile.current && (
    <p role="note" className="text-xs text-amber-800" data-testid="probe-status-current">
      {t('probeStatus.current')}
    </p>
  );
  if (tile.total === 0)
    return (
      <>
        {current}
        <p className="text-sm text-tremor-content">{t('probeStatus.empty')}</p>
      </>
    );
  return (
    <>
      {current}
      <dl className="grid grid-cols-2 gap-2">
        {states.map(({ state, colour }) => (
          <div key={state} className={`rounded-md border-l-4 bg-gray-50 px-3 py-2 ${colour}`}>
            <dt className="text-xs">{t(`fleet:options.${state}`)}</dt>
            <dd className="text-2xl font-semibold tabular-nums" data-testid={`probe-count-${state}`}>
              {formatNumber(tile.byState[state])}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-tremor-content" data-testid="probe-count-total">
        {t('probeStatus.total', { count: tile.total, total: formatNumber(tile.total) })}
        {tile.neverReported > 0 &&
          ` · ${t('probeStatus.neverReported', { count: tile.neverReported, never: formatNumber(tile.neverReported) })}`}
      </p>
      <div className="flex flex-wrap gap-3 text-sm">
        {reaches('probes-map') && (
          <Link to="/probes-map" className="text-blue-700 hover:underline">
            {t('probeStatus.map')}
          </Link>
        )}
        {reaches('tools/probes_status') && (
          <Link to="/tools/probes_status" className="text-blue-700 hover:underline">
            {t('probeStatus.list')}
          </Link>
        )}
      </div>
    </>
  );
}
