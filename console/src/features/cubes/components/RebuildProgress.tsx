import type { CubeRebuild } from '@nq/contracts/analytics/cube-status';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../shared/ui/format.ts';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import { formatCount, formatPercent, rebuildIsActive, rebuildShare } from '../model/cube-figures.ts';

const stateClass: Record<CubeRebuild['state'], string> = {
  queued: 'bg-gray-100 text-gray-700',
  running: 'bg-blue-100 text-blue-800',
  done: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-rose-100 text-rose-800',
};

/**
 * A rebuild's state (its range in days of the cube's zone) as a badge; while under way a bar of the measurements read over those of its range (an
 * indeterminate bar until counted); once done the rows it wrote, once failed why.
 */
export function RebuildProgress({ rebuild, name, timeZone }: { rebuild: CubeRebuild; name: string; timeZone: string }) {
  const { t, i18n } = useTranslation('cubes');
  const share = rebuildShare(rebuild);
  const count = (value: number) => formatCount(value, i18n.language);
  const dates = useDateFormat();
  return (
    <div className="flex min-w-40 flex-col gap-1" data-rebuild-state={rebuild.state}>
      <span className={`inline-flex w-fit rounded-full px-2 py-0.5 text-xs font-medium ${stateClass[rebuild.state]}`}>
        {t(`rebuildStates.${rebuild.state}`)}
      </span>
      {rebuildIsActive(rebuild) && (
        <>
          <progress
            aria-label={t('progressOf', { name })}
            max={rebuild.total ?? 100}
            {...(share === undefined ? {} : { value: rebuild.done })}
            className="h-1.5 w-40 accent-blue-600"
          />
          <span className="text-xs text-gray-600">
            {rebuild.total === undefined
              ? t('progressCounting', { done: count(rebuild.done) })
              : t('progress', {
                  done: count(rebuild.done),
                  total: count(rebuild.total),
                  percent: formatPercent(share ?? 0, i18n.language),
                })}
          </span>
        </>
      )}
      {rebuild.state === 'done' && (
        <span className="text-xs text-gray-600">
          {t('rebuilt', { rows: count(rebuild.rows ?? 0), when: dates.dateTime(rebuild.finishedAt) })}
        </span>
      )}
      {rebuild.state === 'failed' && rebuild.message && (
        <span className="text-xs text-rose-700">{rebuild.message}</span>
      )}
      <span className="text-xs text-gray-500">
        {/* Its end is the start of the day after the last one rebuilt. */}
        {t('rebuildRange', {
          from: formatDay(rebuild.from, timeZone),
          to: formatDay(Date.parse(rebuild.to) - 1, timeZone),
        })}
      </span>
    </div>
  );
}
