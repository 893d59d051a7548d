import {
  DomainError,
  type RegulatoryReportFields,
  type RegulatoryStatistic,
  regulatoryReportFieldsSchema,
  speedKpis,
} from '@nq/contracts';
import { type ConfigurationEntity, named, sharedConfiguration } from '@nq/platform/entities/configuration-entity';
import { referencesTo, uniqueName } from '@nq/platform/entities/configuration-rules';
import type { EntityDefinition } from '@nq/platform/entities/entity-definition';
import { campaignEntity } from '../campaigns/index.ts';
import { clusterEntity } from '../clusters/index.ts';
import { providerEntity } from '../providers/index.ts';
import { universeEntity } from '../universes/index.ts';

/** Three years and a day: a regulator's multi-year series, read by an asynchronous file beyond the screen's limit. */
export const maxPeriodDays = 1_097;

const dayMs = 86_400_000;
const daysIn = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / dayMs) + 1;

/** A statistic as the catalogue's messages name it (`p90`, `≥ 25`, `80/80`). */
export function statisticLabel(statistic: RegulatoryStatistic): string {
  switch (statistic.kind) {
    case 'percentile':
      return `p${statistic.p}`;
    case 'shareAtLeast':
      return `≥ ${statistic.threshold}`;
    case 'shareAtMost':
      return `≤ ${statistic.threshold}`;
    case 'consistent':
      return '80/80';
    default:
      return statistic.kind;
  }
}

/** The period runs forwards and within bounds; each KPI once, each of its statistics once, 80/80 on speeds only. */
function checkReport(report: RegulatoryReportFields): void {
  if (report.to < report.from)
    throw new DomainError('regulatoryReports.periodEndBeforeStart', {
      params: { from: report.from, to: report.to },
      details: { field: 'to' },
    });
  const days = daysIn(report.from, report.to);
  if (days > maxPeriodDays)
    throw new DomainError('regulatoryReports.periodTooLong', {
      params: { max: maxPeriodDays, days },
      details: { field: 'to' },
    });
  const kpis = new Set<string>();
  report.kpis.forEach(({ kpi, statistics }, index) => {
    if (kpis.has(kpi))
      throw new DomainError('regulatoryReports.kpiRepeated', {
        params: { kpi },
        details: { field: `kpis.${index}.kpi` },
      });
    kpis.add(kpi);
    const labels = new Set<string>();
    statistics.forEach((statistic, at) => {
      const field = `kpis.${index}.statistics.${at}`;
      if (statistic.kind === 'consistent' && !(speedKpis as readonly string[]).includes(kpi))
        throw new DomainError('regulatoryReports.consistentSpeedOnly', { params: { kpi }, details: { field } });
      const label = statisticLabel(statistic);
      if (labels.has(label))
        throw new DomainError('regulatoryReports.statisticRepeated', {
          params: { kpi, statistic: label },
          details: { field },
        });
      labels.add(label);
    });
  });
}

/** The entities a report's population names; each must exist. */
const referenced = [
  { definition: campaignEntity, ids: (report: RegulatoryReportFields) => report.campaigns },
  { definition: clusterEntity, ids: (report: RegulatoryReportFields) => report.clusters },
  { definition: providerEntity, ids: (report: RegulatoryReportFields) => report.providers },
  { definition: universeEntity, ids: (report: RegulatoryReportFields) => report.universes },
];

export const regulatoryReportEntity = {
  kind: 'regulatory-report',
  eventPrefix: 'RegulatoryReport',
  schema: regulatoryReportFieldsSchema,
  unique: [uniqueName('regulatory-report-name', 'regulatoryReports.nameExists')],
  rules: checkReport,
  references: referencesTo(referenced),
  cloneable: true,
  /** What changes the published numbers' population or method, as the settings history names it. */
  fieldIntents: [
    {
      fields: ['universes', 'campaigns', 'clusters', 'providers', 'technologies', 'sources', 'from', 'to', 'peakHours'],
      events: ['PopulationChanged'],
    },
    {
      fields: ['kpis', 'minimumMeasurements', 'minimumProbes', 'resamples', 'seed', 'byTechnology'],
      events: ['MethodChanged'],
    },
  ],
} satisfies EntityDefinition<typeof regulatoryReportFieldsSchema>;

/** How the platform serves it: its read model and routes, managed and read on the regulatory format screen. */
export const regulatoryReportConfiguration: ConfigurationEntity = {
  definition: regulatoryReportEntity,
  collection: 'regulatory-reports',
  tag: 'Regulatory reports',
  ...named,
  ...sharedConfiguration('regulatory_format', []),
};
