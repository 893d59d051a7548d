import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';
import { probeStatusApi, probeStatusKeys } from '../api/probe-status-api.ts';

/** The idle home devices counter, with the tooltip that says what it counts (docs/product/limits.md#times). */
export function IdleCounter() {
  const { t } = useTranslation('probeStatus');
  const tooltipId = useId();
  const counter = useQuery({
    queryKey: probeStatusKeys.counter,
    queryFn: ({ signal }) => probeStatusApi.counter(signal),
    refetchInterval: useRefreshInterval(),
    meta: { silent: true },
  });
  if (!counter.data) return null;
  return (
    <span className="group relative inline-flex">
      <span
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the tooltip opens on keyboard focus too
        tabIndex={0}
        aria-describedby={tooltipId}
        className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
        data-testid="idle-counter"
      >
        {t('idleCounter', { idle: counter.data.idle, total: counter.data.total })}
        <span
          aria-hidden="true"
          className="ml-1.5 inline-flex h-4 w-4 items-center justify-center rounded-full border border-slate-500 text-[10px] font-semibold"
        >
          i
        </span>
      </span>
      <span
        id={tooltipId}
        role="tooltip"
        className="invisible absolute right-0 top-full z-10 mt-1 w-72 rounded-md bg-gray-900 px-3 py-2 text-xs text-white shadow-lg group-focus-within:visible group-hover:visible"
      >
        {t('idleTooltip')}
      </span>
    </span>
  );
}
