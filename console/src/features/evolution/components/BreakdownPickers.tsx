import type { Dimension } from '@nq/contracts/analytics/query-ir';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../shared/ui/fields.tsx';
import { breakdownLevels, choicesAt, isOpen, withBreakdownAt } from './breakdown-choice.ts';

/** One select per breakdown level, chosen in order: ISP, then technology… (series are named after all of them). */
export function BreakdownPickers({
  breakdowns,
  onChange,
}: {
  breakdowns: readonly Dimension[];
  onChange: (breakdowns: Dimension[]) => void;
}) {
  const { t } = useTranslation(['evolution', 'analysis']);
  return breakdownLevels.map((level) => (
    <SelectField
      key={level}
      label={t('evolution:breakdownLevel', { level: level + 1 })}
      value={breakdowns[level] ?? ''}
      disabled={!isOpen(breakdowns, level)}
      onChange={(event) => onChange(withBreakdownAt(breakdowns, level, event.target.value as Dimension | ''))}
      placeholder={t('analysis:noBreakdown')}
      options={choicesAt(breakdowns, level).map((value) => ({ value, label: t(`analysis:breakdowns.${value}`) }))}
    />
  ));
}
