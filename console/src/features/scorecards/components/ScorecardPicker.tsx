import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Card, PageHeader, Spinner } from '../../../shared/ui/screens.tsx';
import { type ActiveScorecard, useActiveScorecards, useScorecardCalculation } from '../api/scorecards-api.ts';
import { useEntityNames } from '../model/entity-names.ts';
import { numberText, windowText } from '../model/windows.ts';
import { ScoreBadge } from './ScoreBadge.tsx';

/** One active scorecard: what it compares and each one's latest score (the default window), linking to `to`. */
function ScorecardCard({ scorecard, to }: { scorecard: ActiveScorecard; to: string }) {
  const { t } = useTranslation('scorecards');
  const calculation = useScorecardCalculation(scorecard.id, {}, false);
  const answer = calculation.data;
  // Named as the calculation answered them: the providers list may not have loaded yet (or may not list them).
  const nameOf = useEntityNames(answer);
  const scored = answer?.live.entities ?? [];
  return (
    <li>
      <Link
        to={to}
        className="block h-full rounded-lg border border-gray-200 bg-white p-4 shadow-sm hover:border-blue-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
        data-testid="scorecard-card"
      >
        <h2 className="text-base font-semibold text-gray-900">{scorecard.name}</h2>
        <p className="text-xs text-gray-500">
          {t('maxScoreOf', { max: numberText(scorecard.maxScore) })} ·{' '}
          {t('kpiCount', { count: scorecard.kpis.length || scorecard.mosEntries.length })}
        </p>
        {calculation.isPending && <Spinner label={t('common:loading')} />}
        {calculation.isError && (
          <p className="mt-2 text-sm text-rose-700">{errorMessage('scorecards.calculateFailed')}</p>
        )}
        {answer && (
          <>
            <p className="mt-2 text-xs text-gray-500">{t('lastScores', { window: windowText(answer.live.window) })}</p>
            {scored.length === 0 ? (
              <p className="mt-1 text-sm text-gray-600">{t('comparesEveryProvider')}</p>
            ) : (
              <ul className="mt-1 space-y-1">
                {scored.map((entity) => (
                  <li key={entity.entity} className="flex items-center justify-between gap-2 text-sm">
                    <span className="truncate">{nameOf(entity.entity)}</span>
                    <ScoreBadge score={entity.score} maxScore={answer.scorecard.maxScore} />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Link>
    </li>
  );
}

/** /scorecard_live and /scorecard_comparison: pick one of the active scorecards the profile sees. */
export function ScorecardPicker({ screen }: { screen: 'scorecard_live' | 'scorecard_comparison' }) {
  const { t } = useTranslation('scorecards');
  const scorecards = useActiveScorecards();
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t(screen === 'scorecard_live' ? 'liveTitle' : 'comparisonTitle')}>
        <p className="text-sm text-gray-600">{t(screen === 'scorecard_live' ? 'pickLive' : 'pickComparison')}</p>
      </PageHeader>
      {scorecards.isPending && <Spinner label={t('common:loading')} />}
      {scorecards.data?.length === 0 && (
        <Card>
          <p role="status" className="text-sm text-gray-600" data-testid="scorecards-empty">
            {t('noActiveScorecards')}
          </p>
        </Card>
      )}
      {scorecards.data && scorecards.data.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t('activeScorecards')}>
          {scorecards.data.map((scorecard) => (
            <ScorecardCard
              key={scorecard.id}
              scorecard={scorecard}
              to={`/${screen}/${encodeURIComponent(scorecard.id)}`}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
