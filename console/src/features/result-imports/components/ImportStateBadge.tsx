import type { ImportState } from '@nq/contracts/measurements/result-imports';
import { useTranslation } from 'react-i18next';

const stateClass: Record<ImportState, string> = {
  queued: 'bg-gray-100 text-gray-700',
  running: 'bg-blue-100 text-blue-800',
  completed: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-rose-100 text-rose-800',
  cancelled: 'bg-amber-100 text-amber-800',
};

export function ImportStateBadge({ state }: { state: ImportState }) {
  const { t } = useTranslation('resultImports');
  return (
    <span
      data-import-state={state}
      className={`inline-flex w-fit rounded-full px-2 py-0.5 text-xs font-medium ${stateClass[state]}`}
    >
      {t(`states.${state}`)}
    </span>
  );
}
