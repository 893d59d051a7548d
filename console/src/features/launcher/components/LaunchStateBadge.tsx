import type { LaunchState } from '@nq/contracts/fleet/launch';
import { useTranslation } from 'react-i18next';

const stateClass: Record<LaunchState, string> = {
  Pending: 'bg-blue-100 text-blue-800',
  Finished: 'bg-emerald-100 text-emerald-800',
  Cancelled: 'bg-gray-200 text-gray-700',
  Error: 'bg-rose-100 text-rose-800',
  TimedOut: 'bg-amber-100 text-amber-900',
};

/** A launch's state in words, coloured as every launch list shows it. */
export function LaunchStateBadge({ state }: { state: LaunchState }) {
  const { t } = useTranslation('launcher');
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${stateClass[state]}`}>{t(`states.${state}`)}</span>
  );
}
