import { type Dimension, dimensions } from '@nq/contracts/analytics/query-ir';
import { offeredDimensions } from '@nq/contracts/identity/selection-group';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../api/profile.ts';
import { SelectField } from '../ui/fields.tsx';
import { breakdownLevelsAfter, choicesAt, isOpen, withBreakdownAt } from './breakdown-choice.ts';

/**
 * One select per breakdown level, chosen in order: ISP, then technology… (series are named after all of them).
 * `taken`: the dimensions the screen breaks down by first, which the pickers neither offer nor count.
 */
export function BreakdownPickers({
  breakdowns,
  onChange,
  taken = [],
}: {
  breakdowns: readonly Dimension[];
  onChange: (breakdowns: Dimension[]) => void;
  taken?: readonly Dimension[];
}) {
  const { t } = useTranslation(['graphicFilters', 'analysis']);
  // Universes, campaigns or clusters: only the group the profile selects by
  // (docs/product/roles.md#selection-group-service-and-useclusters).
  const offered = offeredDimensions(useProfile(), dimensions).filter((dimension) => !taken.includes(dimension));
  return breakdownLevelsAfter(taken).map((level) => (
    <SelectField
      key={level}
      label={t('graphicFilters:breakdownLevel', { level: level + 1 })}
      value={breakdowns[level] ?? ''}
      disabled={!isOpen(breakdowns, level)}
      onChange={(event) => onChange(withBreakdownAt(breakdowns, level, event.target.value as Dimension | ''))}
      placeholder={t('analysis:noBreakdown')}
      options={choicesAt(breakdowns, level, offered).map((value) => ({
        value,
        label: t(`analysis:breakdowns.${value}`),
      }))}
    />
  ));
}
