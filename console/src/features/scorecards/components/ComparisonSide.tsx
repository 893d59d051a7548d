import type { ScorecardConfiguration } from '@nq/contracts/analytics/scorecard-calculation';
import { useTranslation } from 'react-i18next';
import type { Calculation } from '../api/scorecards-api.ts';
import { windowText } from '../model/windows.ts';
import { ScoreBadge } from './ScoreBadge.tsx';

/** One side of a comparison: its window and version, and its ranking. */
export function ComparisonSide({
  title,
  scores,
  configuration,
  maxScore,
  nameOf,
  testId,
}: {
  title: string;
  scores: Calculation['live'];
  configuration: ScorecardConfiguration;
  maxScore: number;
  nameOf: (id: string) => string;
  testId: string;
}) {
  const { t } = useTranslation('scorecards');
  return (
    <section className="rounded-md border border-gray-200 p-3" aria-label={title} data-testid={testId}>
      <h2 className="text-sm font-semibold text-gray-900">{title}</h2>
      <p className="text-xs text-gray-600" data-testid="side-window">
        {windowText(scores.window)} ({scores.window.timeZone})
      </p>
      <p className="text-xs text-gray-600" data-testid="side-version" data-position={configuration.position}>
        {t('versionAt', { version: configuration.version })}
      </p>
      <ol className="mt-2 space-y-1">
        {scores.entities.map((entity) => (
          <li
            key={entity.entity}
            className="flex items-center justify-between gap-2 text-sm"
            data-entity={entity.entity}
          >
            <span>
              <span className="mr-1 text-gray-500 tabular-nums">{entity.rank ?? '–'}.</span>
              {nameOf(entity.entity)}
            </span>
            <ScoreBadge score={entity.score} maxScore={maxScore} />
          </li>
        ))}
      </ol>
    </section>
  );
}
