import type { DataWindow, NarrowedBy, ScorecardFields } from '@nq/contracts';
import type { AnalyticsEngine, AnalyticsScope } from '../analytics/index.ts';
import { fringesOf, type Measured, type MeasuredValues, scoredKpis } from './scorecard-calculation.ts';
import { comparedDimensionOf, kpiQuery, listedEntitiesOf } from './scorecard-queries.ts';

/** The entities compared and what the data say about each, for the calculation. */
export interface ScorecardData {
  entities: string[];
  measured: MeasuredValues;
  /** What the caller's scope narrowed the queries by (the same for each: they differ in KPI and hours only). */
  narrowedBy?: NarrowedBy;
}

/**
 * Runs a scorecard's queries (one per KPI and fringe) over a window within the caller's scope (of the measurements
 * received by `receivedUntil`, when given). The entities are the ones the scorecard lists, else every one the data
 * holds, in id order.
 */
export async function measureScorecard(
  engine: AnalyticsEngine,
  scorecard: ScorecardFields,
  window: DataWindow,
  scope: AnalyticsScope,
  signal?: AbortSignal,
  receivedUntil?: string,
): Promise<ScorecardData> {
  const dimension = comparedDimensionOf(scorecard);
  const values = new Map<string, Measured>();
  const keyOf = (kpi: number, fringe: number, entity: string) => JSON.stringify([kpi, fringe, entity]);
  let narrowedBy: NarrowedBy | undefined;
  await Promise.all(
    scoredKpis(scorecard).flatMap((kpi, kpiIndex) =>
      fringesOf(kpi).map(async (fringe, fringeIndex) => {
        const ir = kpiQuery(scorecard, kpi.kpi, fringe, window, 'no_granularity', receivedUntil);
        if (!ir) return;
        const result = await engine.run(ir, scope, { signal });
        narrowedBy ??= result.narrowedBy;
        for (const series of result.kind === 'metric' ? result.series : []) {
          const entity = series.key[dimension];
          const [bucket] = series.buckets;
          if (entity !== undefined && bucket)
            values.set(keyOf(kpiIndex, fringeIndex, String(entity)), { value: bucket.value, count: bucket.count });
        }
      }),
    ),
  );
  const listed = listedEntitiesOf(scorecard);
  const found = [...new Set([...values.keys()].map((key) => JSON.parse(key)[2] as string))].sort();
  return {
    entities: listed.length > 0 ? listed : found,
    measured: (kpi, fringe, entity) => values.get(keyOf(kpi, fringe, entity)),
    ...(narrowedBy ? { narrowedBy } : {}),
  };
}
