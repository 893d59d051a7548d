import { measurementStatuses } from '@nq/contracts/measurements/measurement';
import { useTranslation } from 'react-i18next';
import type { MeasurementSection } from '../api/search-params.ts';

/**
 * Measurement result sections (Pending also stands for in progress;
 * docs/product/states.md#measurement-result-sections).
 */
export const sections: readonly MeasurementSection[] = measurementStatuses;

const sectionClass: Record<MeasurementSection, string> = {
  Finished: 'bg-emerald-100 text-emerald-800',
  Valid: 'bg-teal-100 text-teal-800',
  Pending: 'bg-amber-100 text-amber-900',
  Cancelled: 'bg-gray-200 text-gray-700',
  'Not apply': 'bg-slate-100 text-slate-600',
  Error: 'bg-rose-100 text-rose-800',
  Invalid: 'bg-orange-100 text-orange-800',
};

export function SectionBadge({ section }: { section: MeasurementSection }) {
  const { t } = useTranslation('analysis');
  return (
    <span
      data-section={section}
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${sectionClass[section] ?? sectionClass['Not apply']}`}
    >
      {t(`sections.${section}`, { defaultValue: section })}
    </span>
  );
}
