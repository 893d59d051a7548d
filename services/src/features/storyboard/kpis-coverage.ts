import { type Profile, type QueryCoverage, storyboardLimits } from '@nq/contracts';
import type { AnalyticsEngine, AnalyticsScope } from '../analytics/index.ts';
import { combinedCoverage } from './combined-coverage.ts';
import { kpiQueryOf, mainKpisOf } from './kpis-tile.ts';
import { lastDays } from './last-days.ts';
import type { TileContext } from './tile.ts';

/**
 * Where the KPIs tile is read from, before it is asked: the coverage of each main KPI's query as `kpisTile` asks it
 * (the same last 30 days, pinned the same), as one answer (`combinedCoverage`).
 */
export async function kpisCoverage(
  engine: AnalyticsEngine,
  profile: Profile,
  scope: AnalyticsScope,
  context: Pick<TileContext, 'now' | 'receivedUntil' | 'signal'>,
): Promise<QueryCoverage> {
  const selection = lastDays(storyboardLimits.days, context.now, scope);
  const coverages = await Promise.all(
    mainKpisOf(profile).map((kpi) =>
      engine.coverage(kpiQueryOf(kpi, selection, context), scope, { signal: context.signal }),
    ),
  );
  return combinedCoverage(coverages);
}
