import { useTranslation } from 'react-i18next';
import { type Trend, trendOf } from '../model/score-scale.ts';
import { differenceText } from '../model/windows.ts';

const trendStyle: Record<Trend, { arrow: string; className: string }> = {
  better: { arrow: '▲', className: 'text-emerald-700' },
  worse: { arrow: '▼', className: 'text-rose-700' },
  same: { arrow: '=', className: 'text-gray-500' },
};

/**
 * The change from one number to another, with an arrow and a colour saying whether it is better or worse (a KPI whose
 * lower values are better improves when it falls); the trend is also named for screen readers.
 */
export function Difference({
  before,
  after,
  lowerIsBetter = false,
  unit = '',
}: {
  before: number | null;
  after: number | null;
  lowerIsBetter?: boolean;
  unit?: string;
}) {
  const { t } = useTranslation('scorecards');
  // A change that rounds away where it is written reads as none.
  const shown = before === null || after === null ? null : Number((after - before).toFixed(2));
  const trend = shown === 0 ? 'same' : trendOf(before, after, lowerIsBetter);
  if (!trend || before === null || after === null) return <span className="text-gray-400">–</span>;
  const { arrow, className } = trendStyle[trend];
  return (
    <span
      className={`whitespace-nowrap font-medium tabular-nums ${className}`}
      data-trend={trend}
      data-difference={after - before}
    >
      <span aria-hidden="true">{arrow} </span>
      {differenceText(shown ?? 0)}
      {unit ? ` ${unit}` : ''}
      <span className="sr-only"> ({t(`trends.${trend}`)})</span>
    </span>
  );
}
