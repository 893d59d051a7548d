import {
  type DataWindow,
  DomainError,
  type QueryResult,
  type ScorecardConfiguration,
  type ScorecardDrilldownRequest,
} from '@nq/contracts';
import { analyticsScopeOf, type Caller, type ScorecardSources } from './calculate-scorecard.ts';
import { scoredKpis } from './scorecard-calculation.ts';
import { comparedDimensionOf, isMeasuredKpi, kpiQuery, listedEntitiesOf } from './scorecard-queries.ts';
import { scorecardAsOf } from './scorecard-version.ts';
import { liveWindow } from './scorecard-window.ts';

const refused = (field: string, value: unknown) =>
  new DomainError('validation.invalidOption', { details: { field, value } });

/**
 * `POST /api/graphic/scorecard/{id}/drilldown` (docs/product/api.md#scorecards): the values behind one KPI score of one
 * compared entity, as the KPI's average per `granularity` step over the window — in one of the KPI's fringes when
 * asked, else the whole day — with the configuration version and window it used.
 */
export async function scorecardDrilldown(
  { engine, scorecards }: ScorecardSources,
  id: string,
  request: ScorecardDrilldownRequest,
  { profile, now, signal }: Caller,
): Promise<QueryResult & { configuration: ScorecardConfiguration; window: DataWindow }> {
  const { scorecard, configuration } = await scorecardAsOf(scorecards, id, request.asOf);
  const kpi = scoredKpis(scorecard).find((candidate) => candidate.kpi === request.kpi);
  if (!kpi || !isMeasuredKpi(kpi.kpi)) throw refused('kpi', request.kpi);
  const listed = listedEntitiesOf(scorecard);
  if (listed.length > 0 && !listed.includes(request.entity)) throw refused('entity', request.entity);
  const fringe = request.fringe === undefined ? null : kpi.fringes[request.fringe];
  if (fringe === undefined) throw refused('fringe', request.fringe);

  const scope = analyticsScopeOf(profile);
  const window = liveWindow(request, { now, scope });
  const ir = kpiQuery(scorecard, kpi.kpi, fringe, window, request.granularity);
  const result: QueryResult = ir
    ? await engine.run(ir, scope, { signal })
    : { kind: 'metric', metric: 'avg', series: [], warnings: [] };
  if (result.kind !== 'metric') throw new Error(`A scorecard drilldown is a metric query, not ${result.kind}`);
  const dimension = comparedDimensionOf(scorecard);
  const series = result.series.filter((item) => String(item.key[dimension]) === request.entity);
  return { ...result, series, configuration, window };
}
