import { useTranslation } from 'react-i18next';
import { bandClasses, scoreBand } from '../model/score-scale.ts';
import { numberText } from '../model/windows.ts';

/** A score coloured by its band on the scorecard's scale; the band is named for screen readers and in the tooltip. */
export function ScoreBadge({ score, maxScore }: { score: number | null; maxScore: number }) {
  const { t } = useTranslation('scorecards');
  if (score === null)
    return (
      <span className="rounded px-1.5 py-0.5 text-xs text-gray-500" data-score="none">
        {t('noScore')}
      </span>
    );
  const band = scoreBand(score, maxScore);
  const label = t(`bands.${band}`);
  return (
    <span
      className={`rounded px-1.5 py-0.5 text-sm font-semibold tabular-nums ${bandClasses[band]}`}
      title={label}
      data-score={score}
      data-band={band}
    >
      {numberText(score)}
      <span className="sr-only"> ({label})</span>
    </span>
  );
}
