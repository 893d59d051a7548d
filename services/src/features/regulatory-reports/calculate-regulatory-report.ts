import {
  type CatalogueWarning,
  DomainError,
  type Profile,
  type RegulatoryCalculation,
  type RegulatoryCalculationRequest,
  type RegulatoryComparison,
  type RegulatoryFigure,
  type RegulatoryReportFields,
  type RegulatoryStatistic,
  regulatoryReportFieldsSchema,
  warning,
} from '@nq/contracts';
import { entityAsOf } from '@nq/platform/entities/entity-as-of';
import type { EntityService } from '@nq/platform/entities/entity-service';
import { type AnalyticsEngine, endOf, startOf } from '../analytics/index.ts';
import { analyticsScopeOf } from '../scorecards/index.ts';
import { gatherPopulation, type PopulationGroup, reportSelection } from './gather-population.ts';
import {
  type ProbePanel,
  panelDifference,
  panelInterval,
  panelStatistic,
  probePanel,
  type Statistic,
  shareDifference,
  wilsonInterval,
} from './statistics/index.ts';

/** What the screen's request may read; a file, made by a job, reads every measurement. */
export const screenMeasurementLimit = 2_000_000;
export const confidence = 0.95;

export interface RegulatorySources {
  engine: AnalyticsEngine;
  reports: EntityService;
}

export interface RegulatoryCaller {
  profile: Profile;
  now: Date;
  signal?: AbortSignal;
  /** At most this many measurements read (the screen's bound). */
  limit?: number;
}

/**
 * Each probe's values, the probes in id order: the bootstrap draws probes by their place, so the order must not
 * depend on the order the store answered the measurements in (equal times, a point in time's shards) for a seed to
 * give the same intervals every time.
 */
const inProbeOrder = (byProbe: ReadonlyMap<string, number[]> | undefined) =>
  [...(byProbe ?? new Map<string, number[]>())]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, values]) => values);

/** A report's definition at a version (an instant or a log position, else as it is), read from its event stream. */
export async function reportAsOf(reports: EntityService, id: string, asOf?: string) {
  const found = await entityAsOf<RegulatoryReportFields>(reports, id, asOf);
  // Fields stored empty (a cleared peak hours) or added later take their defaults, as the definition means them.
  return { ...found, fields: regulatoryReportFieldsSchema.parse(found.fields) };
}

/** The statistics module's name for a report's statistic (percentiles as quantiles of 0 to 1). */
function statisticOf(statistic: RegulatoryStatistic): Statistic {
  switch (statistic.kind) {
    case 'median':
      return { kind: 'quantile', p: 0.5 };
    case 'percentile':
      return { kind: 'quantile', p: statistic.p / 100 };
    case 'consistent':
      return { kind: 'consistentSpeed' };
    default:
      return statistic;
  }
}

/** Successes and trials of a share over a panel: measurements at least (or at most) the threshold, of all. */
function shareCounts(panel: ProbePanel, statistic: RegulatoryStatistic) {
  if (statistic.kind !== 'shareAtLeast' && statistic.kind !== 'shareAtMost') return undefined;
  let successes = 0;
  for (const values of panel.sortedValuesOfProbe)
    for (const value of values)
      if (statistic.kind === 'shareAtLeast' ? value >= statistic.threshold : value <= statistic.threshold)
        successes += 1;
  return { successes, trials: panel.measurements };
}

/**
 * One figure: its value and 95 % interval (a Wilson interval for a share, in %; else the cluster bootstrap over
 * probes), its sample size, and whether the minimum sample lets it be published.
 */
function figureOf(
  panel: ProbePanel,
  kpi: string,
  statistic: RegulatoryStatistic,
  report: RegulatoryReportFields,
): RegulatoryFigure {
  const sample = { measurements: panel.measurements, probes: panel.probes };
  const withheld =
    panel.measurements < report.minimumMeasurements
      ? ('tooFewMeasurements' as const)
      : panel.probes < report.minimumProbes
        ? ('tooFewProbes' as const)
        : undefined;
  if (withheld || panel.probes === 0)
    return {
      kpi,
      statistic,
      value: null,
      interval: null,
      ...sample,
      published: false,
      withheld: withheld ?? 'tooFewMeasurements',
    };
  const share = shareCounts(panel, statistic);
  if (share) {
    const interval = wilsonInterval(share.successes, share.trials, confidence);
    return {
      kpi,
      statistic,
      value: (100 * share.successes) / share.trials,
      interval: interval ? { low: 100 * interval.low, high: 100 * interval.high } : null,
      ...sample,
      published: true,
    };
  }
  const asked = statisticOf(statistic);
  const interval = panelInterval(panel, asked, { resamples: report.resamples, seed: report.seed, confidence });
  return { kpi, statistic, value: panelStatistic(panel, asked), interval, ...sample, published: true };
}

/** Each pair of providers (within a technology, when split by it) whose figures are both published. */
function comparisonsOf(
  groups: { group: PopulationGroup; panels: Map<string, ProbePanel>; figures: RegulatoryFigure[] }[],
  report: RegulatoryReportFields,
): RegulatoryComparison[] {
  const comparisons: RegulatoryComparison[] = [];
  for (let i = 0; i < groups.length; i++)
    for (let j = i + 1; j < groups.length; j++) {
      const [a, b] = [groups[i]!, groups[j]!];
      if (a.group.technology?.code !== b.group.technology?.code) continue;
      a.figures.forEach((figure, index) => {
        const other = b.figures[index]!;
        if (!figure.published || !other.published) return;
        const panelA = a.panels.get(figure.kpi)!;
        const panelB = b.panels.get(figure.kpi)!;
        const shareA = shareCounts(panelA, figure.statistic);
        const shareB = shareCounts(panelB, figure.statistic);
        const difference =
          shareA && shareB
            ? scaled(shareDifference(shareA.successes, shareA.trials, shareB.successes, shareB.trials, confidence))
            : panelDifference(panelA, panelB, statisticOf(figure.statistic), {
                resamples: report.resamples,
                seed: report.seed,
                confidence,
              });
        if (!difference) return;
        comparisons.push({
          kpi: figure.kpi,
          statistic: figure.statistic,
          ...(a.group.technology ? { technology: a.group.technology.code } : {}),
          a: a.group.provider,
          b: b.group.provider,
          difference: difference.difference,
          interval: { low: difference.low, high: difference.high },
          differs: difference.differs,
        });
      });
    }
  return comparisons;
}

/** A share difference in percentage points. */
const scaled = (difference: ReturnType<typeof shareDifference>) =>
  difference && {
    difference: 100 * difference.difference,
    low: 100 * difference.low,
    high: 100 * difference.high,
    differs: difference.differs,
  };

/**
 * `GET /regulatory-reports/{id}/calculations`: the report's definition at a version (`asOf`), its population's
 * measurements received until an instant (default: now), and per provider (and technology) each KPI's statistics with
 * their intervals and sample sizes, the pairs that differ, and what was excluded. The answer names the version, the
 * instant and the filter set: asking again with them answers the same figures (the bootstrap is seeded).
 */
export async function calculateRegulatoryReport(
  { engine, reports }: RegulatorySources,
  id: string,
  request: RegulatoryCalculationRequest,
  caller: RegulatoryCaller,
): Promise<RegulatoryCalculation> {
  const receivedUntil = request.receivedUntil ? new Date(request.receivedUntil) : caller.now;
  if (receivedUntil.getTime() > caller.now.getTime())
    throw new DomainError('regulatoryReports.receivedUntilFuture', {
      params: { receivedUntil: receivedUntil.toISOString() },
    });
  const { fields: report, version, position } = await reportAsOf(reports, id, request.asOf);
  const scope = analyticsScopeOf(caller.profile);
  const population = await gatherPopulation(engine, scope, report, {
    receivedUntil,
    ...(caller.limit !== undefined ? { limit: caller.limit } : {}),
    ...(caller.signal ? { signal: caller.signal } : {}),
  }).catch((error: unknown) => {
    if (error instanceof DomainError || (error instanceof Error && error.name === 'AbortError')) throw error;
    throw new DomainError('regulatoryReports.calculateFailed', { cause: error });
  });
  const computed = population.groups.map((group) => {
    const panels = new Map(report.kpis.map(({ kpi }) => [kpi, probePanel(inProbeOrder(group.byKpi.get(kpi)))]));
    const figures = report.kpis.flatMap(({ kpi, statistics }) =>
      statistics.map((statistic) => figureOf(panels.get(kpi)!, kpi, statistic, report)),
    );
    return { group, panels, figures };
  });
  const warnings: CatalogueWarning[] = population.measurements === 0 ? [warning('regulatoryReports.noData')] : [];
  return {
    report: { id, name: report.name, description: report.description },
    window: {
      from: startOf(report.from, report.timeZone),
      to: endOf(report.to, report.timeZone),
      timeZone: report.timeZone,
    },
    peakHours: report.peakHours ?? null,
    minimumMeasurements: report.minimumMeasurements,
    minimumProbes: report.minimumProbes,
    groups: computed.map(({ group, figures }) => ({
      provider: { id: group.provider, name: group.provider },
      ...(group.technology ? { technology: group.technology } : {}),
      figures,
    })),
    comparisons: comparisonsOf(computed, report),
    exclusions: [...population.exclusions].map(([reason, measurements]) => ({ reason, measurements })),
    measurements: population.measurements,
    probes: population.probes,
    reproduce: {
      asOf: position,
      version,
      receivedUntil: receivedUntil.toISOString(),
      selection: reportSelection(report),
      seed: report.seed,
      resamples: report.resamples,
      confidence,
    },
    calculatedAt: caller.now.toISOString(),
    warnings,
  };
}
