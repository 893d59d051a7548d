import type { Language, MetricSeries, ScorecardCalculationRequest } from '@nq/contracts';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import {
  analyticsScopeOf,
  type Caller,
  calculateScorecard,
  isMeasuredKpi,
  kpiQuery,
  type ScorecardSources,
  scorecardAsOf,
  scoredKpis,
} from '../scorecards/index.ts';
import type { ScorecardReportData } from './scorecard-report.ts';

export interface ScorecardReportSources extends ScorecardSources {
  readStore: ReadStore;
  /** The read model naming the compared entities (providers: an ISP is a provider too). */
  providers: string;
}

/**
 * Everything the scorecard report shows, read as the caller: the calculation (as `GET /scorecards/{id}/calculations`
 * answers it), then, at the very configuration version and window it used, each KPI's daily average per compared
 * entity (the drilldown of every entity at once), and the entities' names and configured colours; all of it of the
 * measurements received by the caller's `receivedUntil`, when pinned to one.
 */
export async function gatherScorecardReport(
  sources: ScorecardReportSources,
  id: string,
  request: ScorecardCalculationRequest,
  caller: Caller,
  language: Language,
): Promise<ScorecardReportData> {
  const calculation = await calculateScorecard(sources, id, request, caller);
  const { scorecard } = await scorecardAsOf(sources.scorecards, id, calculation.configuration.position);
  const scope = analyticsScopeOf(caller.profile);
  const entities = new Set(calculation.live.entities.map((entity) => entity.entity));
  const drilldowns = await Promise.all(
    scoredKpis(scorecard)
      .filter(({ kpi }) => isMeasuredKpi(kpi))
      .map(async ({ kpi }) => {
        const query = kpiQuery(scorecard, kpi, null, calculation.live.window, 'day', caller.receivedUntil);
        const result = query ? await sources.engine.run(query, scope, { signal: caller.signal }) : undefined;
        const series: MetricSeries[] =
          result?.kind === 'metric'
            ? result.series.filter((item) => entities.has(String(item.key[calculation.comparedBy])))
            : [];
        return { kpi, series };
      }),
  );
  const documents = await sources.readStore.getMany(sources.providers, [...entities]);
  const names = new Map<string, string>();
  const colours = new Map<string, string>();
  for (const [entity, document] of documents) {
    if (typeof document.name === 'string') names.set(entity, document.name);
    if (typeof document.colour === 'string') colours.set(entity, document.colour);
  }
  return {
    calculation,
    drilldowns,
    names,
    colours,
    profileName: caller.profile.name,
    language,
    generatedAt: caller.now,
    ...(caller.receivedUntil ? { receivedUntil: caller.receivedUntil } : {}),
  };
}
