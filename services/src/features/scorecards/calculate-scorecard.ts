import {
  type CatalogueWarning,
  type DataWindow,
  type NarrowedBy,
  type Profile,
  type ScorecardCalculation,
  type ScorecardCalculationRequest,
  type ScorecardFields,
  type WindowScores,
  warning,
} from '@nq/contracts';
import type { EntityService } from '@nq/platform/entities/entity-service';
import type { AnalyticsEngine, AnalyticsScope } from '../analytics/index.ts';
import { scopeOf } from '../identity/index.ts';
import { measureScorecard } from './measure-scorecard.ts';
import { scoredKpis, scoreEntities } from './scorecard-calculation.ts';
import { comparedDimensionOf, isMeasuredKpi } from './scorecard-queries.ts';
import { scorecardAsOf } from './scorecard-version.ts';
import { comparisonWindow, liveWindow } from './scorecard-window.ts';

export interface ScorecardSources {
  engine: AnalyticsEngine;
  scorecards: EntityService;
}

/** Who asks, and when: their profile's restrictions and time zone apply to every query. */
export interface Caller {
  profile: Profile;
  now: Date;
  signal?: AbortSignal;
  /**
   * Only the measurements received by then (an ISO instant), and a default window ends there instead of now: a
   * calculation pinned to it (a report's, the storyboard's) answers as it did, whatever arrived since.
   */
  receivedUntil?: string;
}

/** The caller's profile restrictions and time zone, as the graphics apply them. */
export const analyticsScopeOf = (profile: Profile): AnalyticsScope => ({
  ...scopeOf(profile),
  timeZone: profile.timeZone,
});

/** The KPIs the calculation cannot score, named so that the user knows why the coverage falls short. */
function unscoredKpiWarnings(scorecard: ScorecardFields): CatalogueWarning[] {
  return scoredKpis(scorecard).flatMap(({ kpi }) =>
    !isMeasuredKpi(kpi)
      ? [warning('scorecards.kpiNotMeasured', { kpi })]
      : scorecard.mosEntries.some((entry) => entry.kpi === kpi)
        ? []
        : [warning('scorecards.kpiWithoutMosEntry', { kpi })],
  );
}

/** What the caller's scope narrowed the scores by: the same in both windows, whose ranges are asked explicitly. */
const narrowingOf = (...windows: ({ narrowedBy?: NarrowedBy | undefined } | undefined)[]) => {
  const narrowedBy = windows.find((scores) => scores?.narrowedBy)?.narrowedBy;
  return narrowedBy ? { narrowedBy } : {};
};

const hasData = ({ entities }: WindowScores) =>
  entities.some((entity) => entity.kpis.some((kpi) => kpi.fringes.some((fringe) => fringe.value !== null)));

/**
 * `GET /scorecards/{id}/calculations` (docs/product/api.md#scorecards): the scorecard at a configuration version,
 * scored over the live window and, when asked, a comparison window. The answer states both, so asking again with them
 * gives the same numbers.
 */
export async function calculateScorecard(
  { engine, scorecards }: ScorecardSources,
  id: string,
  request: ScorecardCalculationRequest,
  { profile, now, signal, receivedUntil }: Caller,
): Promise<ScorecardCalculation> {
  const { scorecard, configuration } = await scorecardAsOf(scorecards, id, request.asOf);
  const scope = analyticsScopeOf(profile);
  const live = liveWindow(request, { now: receivedUntil ? new Date(receivedUntil) : now, scope });
  const comparison = request.compare ? comparisonWindow(request.compare, live, scope) : undefined;
  const scoresIn = async (window: DataWindow) => {
    const { entities, measured, narrowedBy } = await measureScorecard(
      engine,
      scorecard,
      window,
      scope,
      signal,
      receivedUntil,
    );
    return { window, entities: scoreEntities(scorecard, entities, measured), narrowedBy };
  };
  const [liveScores, comparisonScores] = await Promise.all([
    scoresIn(live),
    comparison ? scoresIn(comparison) : undefined,
  ]);
  const noData = Object.entries({ live: liveScores, comparison: comparisonScores })
    .filter(([, scores]) => scores && !hasData(scores))
    .map(([window]) => warning('scorecards.noData', { window }));
  return {
    scorecard: {
      id,
      name: scorecard.name,
      status: scorecard.status,
      weight: scorecard.weight,
      maxScore: scorecard.maxScore,
      kpis: scorecard.kpis,
      mosEntries: scorecard.mosEntries,
    },
    comparedBy: comparedDimensionOf(scorecard),
    configuration,
    live: { window: liveScores.window, entities: liveScores.entities },
    ...(comparisonScores
      ? { comparison: { window: comparisonScores.window, entities: comparisonScores.entities } }
      : {}),
    ...narrowingOf(liveScores, comparisonScores),
    warnings: [...unscoredKpiWarnings(scorecard), ...noData],
  };
}
