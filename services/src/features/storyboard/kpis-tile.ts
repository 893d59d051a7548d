import {
  type KpiId,
  kpiById,
  type NarrowedBy,
  type Profile,
  storyboardDefaultKpis,
  storyboardLimits,
} from '@nq/contracts';
import { queryIrOf } from '@nq/platform/entities/validated-input';
import type { AnalyticsEngine, AnalyticsScope } from '../analytics/index.ts';
import { type DaysSelection, lastDays } from './last-days.ts';
import { type TileContext, tileErrorOf } from './tile.ts';

/** The profile's main KPIs: the first ones it lists, or the defaults when it lists none. */
export const mainKpisOf = (profile: Profile): KpiId[] =>
  (profile.kpis.length > 0 ? profile.kpis.map((kpi) => kpi.id) : [...storyboardDefaultKpis])
    .filter((kpi): kpi is KpiId => kpiById.has(kpi))
    .slice(0, storyboardLimits.kpis);

/**
 * A main KPI's query: its daily average over the days, as the evolution screen would chart it (the same selection,
 * so its link shows the same numbers); pinned, only what was received by then.
 */
export const kpiQueryOf = (
  kpi: KpiId,
  selection: DaysSelection,
  { receivedUntil }: Pick<TileContext, 'receivedUntil'>,
) =>
  queryIrOf({
    graphicType: 'line',
    kpi,
    metric: 'avg',
    granularity: 'day',
    globalAverage: true,
    ...selection,
    ...(receivedUntil ? { receivedUntil } : {}),
  });

/**
 * The main KPIs' daily averages over the last 30 days, each as the evolution screen would chart it (`kpiQueryOf`),
 * and what the profile narrowed them by (the same for each). One KPI failing shows its error in its place. Pinned, the
 * 30 days end at the pin's instant and read only what was received by then.
 */
export async function kpisTile(engine: AnalyticsEngine, profile: Profile, scope: AnalyticsScope, context: TileContext) {
  const selection = lastDays(storyboardLimits.days, context.now, scope);
  let narrowedBy: NarrowedBy | undefined;
  const list = await Promise.all(
    mainKpisOf(profile).map(async (kpi) => {
      try {
        const ir = kpiQueryOf(kpi, selection, context);
        const result = await engine.run(ir, scope, { signal: context.signal });
        narrowedBy ??= result.narrowedBy;
        const series = result.kind === 'metric' ? result.series[0] : undefined;
        const definition = kpiById.get(kpi)!;
        return {
          kpi,
          unit: definition.unit,
          inverse: definition.inverse,
          days: (series?.buckets ?? []).map((bucket) => ({
            day: String(bucket.key),
            value: bucket.value,
            count: bucket.count,
          })),
          average: series?.globalAverage ?? null,
          ...(result.source ? { source: result.source } : {}),
        };
      } catch (error) {
        return { kpi, error: tileErrorOf(error, 'evolution.fetchFailed', context) };
      }
    }),
  );
  return { ...selection, list, ...(narrowedBy ? { narrowedBy } : {}) };
}
