import {
  type ComparedDimension,
  type DataWindow,
  type Granularity,
  type KpiId,
  kpiIds,
  type QueryIr,
  queryIrSchema,
  type ScorecardFields,
} from '@nq/contracts';
import type { ScoredKpi } from './scorecard-calculation.ts';

// The analytics queries behind a scorecard: the average of one KPI per compared entity (provider or ISP), within the
// scorecard's campaigns, clusters, universes, ISPs and sources, in one fringe of the day, over a data window.

type Fringe = ScoredKpi['fringes'][number];
type Scope = Pick<ScorecardFields, 'campaigns' | 'clusters' | 'universes' | 'providers' | 'isps' | 'sources'>;

/** The providers it lists are compared; else the ISPs it lists; else every provider in the data. */
export const comparedDimensionOf = (scorecard: Scope): ComparedDimension =>
  scorecard.providers.length === 0 && scorecard.isps.length > 0 ? 'isp' : 'provider';

/** The entities a scorecard names for comparison (none: every one the data holds). */
export const listedEntitiesOf = (scorecard: Scope): string[] => [
  ...new Set(comparedDimensionOf(scorecard) === 'isp' ? scorecard.isps : scorecard.providers),
];

export const isMeasuredKpi = (kpi: string): kpi is KpiId => (kpiIds as string[]).includes(kpi);

/**
 * A fringe's local hours [start, end) as the query's inclusive whole hours: a measurement records its local hour
 * whole, so hour h belongs to the fringe when start ≤ h < end (cut at 24). A fringe holding no such hour has none.
 */
export function hoursOf(fringe: Fringe): { hourStart: number; hourEnd: number } | undefined {
  const hourStart = Math.ceil(fringe.start);
  const hourEnd = Math.min(Math.ceil(fringe.end), 24) - 1;
  return hourStart <= hourEnd ? { hourStart, hourEnd } : undefined;
}

const listed = (values: readonly string[]) => (values.length > 0 ? [...values] : undefined);

/**
 * The query of a KPI's average per compared entity in a fringe (null: the whole day) of a window, one bucket per
 * `granularity` step, of the measurements received by `receivedUntil` when given; undefined when it can match nothing
 * (a KPI no measurement carries, a fringe without hours).
 */
export function kpiQuery(
  scorecard: Scope,
  kpi: string,
  fringe: Fringe | null,
  window: DataWindow,
  granularity: Granularity = 'no_granularity',
  receivedUntil?: string,
): QueryIr | undefined {
  const hours = fringe ? hoursOf(fringe) : {};
  if (!isMeasuredKpi(kpi) || !hours) return undefined;
  return queryIrSchema.parse({
    kpi,
    metric: 'avg',
    breakdowns: [comparedDimensionOf(scorecard)],
    campaigns: listed(scorecard.campaigns),
    clusters: listed(scorecard.clusters),
    universes: listed(scorecard.universes),
    isps: listed(scorecard.isps),
    sources: listed(scorecard.sources),
    tsStart: window.from,
    tsEnd: window.to,
    timeZone: window.timeZone,
    granularity,
    ...hours,
    ...(receivedUntil ? { receivedUntil } : {}),
  });
}
