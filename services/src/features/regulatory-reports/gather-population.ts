import {
  DomainError,
  type EnrichedMeasurement,
  type RegulatoryReportFields,
  type SelectionFields,
  selectionFields,
} from '@nq/contracts';
import type { AnalyticsEngine, AnalyticsScope } from '../analytics/index.ts';

/** Result sections whose values a published figure is made of; the others are counted as excluded. */
const publishedStatuses = new Set(['Finished', 'Valid']);

/** A group's values of each KPI, by probe: the unit the bootstrap resamples. */
export interface PopulationGroup {
  provider: string;
  technology?: { code: number; label: string };
  byKpi: Map<string, Map<string, number[]>>;
}

export type ExclusionReason = 'notFinished' | 'otherProvider' | 'noProvider';

export interface Population {
  groups: PopulationGroup[];
  exclusions: Map<ExclusionReason, number>;
  measurements: number;
  probes: number;
}

/**
 * The filter set a report reads: its population's universes, campaigns, clusters, technologies and sources, its
 * period as whole days in its time zone and its peak hours. Providers are not a filter of the set: a measurement of
 * another provider is read and counted as excluded, so that the methodology says how many there were.
 */
export function reportSelection(report: RegulatoryReportFields): SelectionFields {
  const listed = (values: readonly string[]) => (values.length > 0 ? [...values] : undefined);
  // Parsed, so that each filter has its mode (include) as the filter set's defaults give it.
  return selectionFields.parse({
    ...(listed(report.universes) ? { universes: listed(report.universes) } : {}),
    ...(listed(report.campaigns) ? { campaigns: listed(report.campaigns) } : {}),
    ...(listed(report.clusters) ? { clusters: listed(report.clusters) } : {}),
    ...(report.technologies.length > 0 ? { technologies: [...report.technologies] } : {}),
    ...(report.sources.length > 0 ? { sources: [...report.sources] } : {}),
    tsStart: report.from,
    tsEnd: report.to,
    timeZone: report.timeZone,
    ...(report.peakHours ? { hourStart: report.peakHours.from, hourEnd: report.peakHours.to } : {}),
  });
}

/**
 * Reads the report's measurements once (a scan: every one, whatever their number) and groups each KPI's values by
 * provider (and technology), then probe. Measurements received after `receivedUntil` are left out and counted, so
 * that the same request later answers the same numbers. Past `limit` measurements it stops with
 * `regulatoryReports.tooManyMeasurements` (the screen's bound; a file has none).
 */
export async function gatherPopulation(
  engine: AnalyticsEngine,
  scope: AnalyticsScope,
  report: RegulatoryReportFields,
  options: { receivedUntil: Date; limit?: number; signal?: AbortSignal },
): Promise<Population> {
  const until = options.receivedUntil.getTime();
  const providers = report.providers.length > 0 ? new Set(report.providers) : undefined;
  const kpis = report.kpis.map((kpi) => kpi.kpi);
  const groups = new Map<string, PopulationGroup>();
  const exclusions = new Map<ExclusionReason, number>();
  const probes = new Set<string>();
  const exclude = (reason: ExclusionReason) => exclusions.set(reason, (exclusions.get(reason) ?? 0) + 1);
  let measurements = 0;
  let read = 0;

  const groupOf = (measurement: EnrichedMeasurement, provider: string) => {
    const key = report.byTechnology ? `${provider}\u0000${measurement.technology}` : provider;
    let group = groups.get(key);
    if (!group) {
      group = {
        provider,
        ...(report.byTechnology
          ? { technology: { code: measurement.technology, label: measurement.technologyLabel } }
          : {}),
        byKpi: new Map(kpis.map((kpi) => [kpi, new Map()])),
      };
      groups.set(key, group);
    }
    return group;
  };

  const scan = engine.scan({ filter: reportSelection(report) }, scope, {
    ...(options.signal ? { signal: options.signal } : {}),
    batchSize: 5_000,
  });
  for await (const batch of scan) {
    read += batch.length;
    if (options.limit !== undefined && read > options.limit)
      throw new DomainError('regulatoryReports.tooManyMeasurements', { params: { max: options.limit } });
    for (const measurement of batch) {
      // Not part of the data as it was at that instant: neither read nor counted, so that the answer stays the same.
      if (Date.parse(measurement.receivedAt) > until) continue;
      if (!publishedStatuses.has(measurement.status)) exclude('notFinished');
      else if (!measurement.provider) exclude('noProvider');
      else if (providers && !providers.has(measurement.provider)) exclude('otherProvider');
      else {
        const group = groupOf(measurement, measurement.provider);
        let counted = false;
        for (const kpi of kpis) {
          const value = measurement.kpis[kpi];
          if (typeof value !== 'number' || !Number.isFinite(value)) continue;
          const byProbe = group.byKpi.get(kpi)!;
          const values = byProbe.get(measurement.probeId);
          if (values) values.push(value);
          else byProbe.set(measurement.probeId, [value]);
          counted = true;
        }
        if (counted) {
          measurements += 1;
          probes.add(measurement.probeId);
        }
      }
    }
  }
  // The providers in the order the report lists them (else by id), each one's technologies by code.
  const rank = new Map(report.providers.map((id, index) => [id, index]));
  const ordered = [...groups.values()].sort(
    (a, b) =>
      (rank.get(a.provider) ?? rank.size) - (rank.get(b.provider) ?? rank.size) ||
      a.provider.localeCompare(b.provider) ||
      (a.technology?.code ?? 0) - (b.technology?.code ?? 0),
  );
  return { groups: ordered, exclusions, measurements, probes: probes.size };
}
