import type { RegulatoryFigure } from '@nq/contracts/analytics/regulatory-report';
import type { RegulatoryStatistic } from '@nq/contracts/configuration/regulatory-report';
import { speedKpis } from '@nq/contracts/configuration/regulatory-report';
import { kpiDefinitionOf } from '@nq/contracts/measurements/kpis';
import type { TFunction } from 'i18next';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';

/** Download and upload: the KPIs "consistent speed" (80/80) applies to. */
export const isSpeedKpi = (kpi: string) => (speedKpis as readonly string[]).includes(kpi);

/** A statistic as one text (`percentile:90`, `shareAtLeast:25`): figures of the same KPI and statistic share it. */
export function statisticKey(statistic: RegulatoryStatistic): string {
  switch (statistic.kind) {
    case 'percentile':
      return `percentile:${statistic.p}`;
    case 'shareAtLeast':
    case 'shareAtMost':
      return `${statistic.kind}:${statistic.threshold}`;
    default:
      return statistic.kind;
  }
}

/** Shares are published in percent (their differences in percentage points); every other statistic in the KPI's unit. */
export const isShare = (statistic: RegulatoryStatistic) =>
  statistic.kind === 'shareAtLeast' || statistic.kind === 'shareAtMost';

/** The catalogue's unit of a KPI ('' when it is not in the catalogue). */
export const unitOf = (kpi: string) => kpiDefinitionOf(kpi)?.unit ?? '';

export const numberText = (value: number, digits = 2) =>
  new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: digits }).format(value);

/** A statistic as a heading names it: `Median`, `Percentile 90`, `Share of tests ≥ 25 Mbps`, `Consistent speed (80/80)`. */
export function statisticText(t: TFunction, kpi: string, statistic: RegulatoryStatistic): string {
  switch (statistic.kind) {
    case 'percentile':
      return t('regulatoryReports:statistic.percentile', { p: statistic.p });
    case 'shareAtLeast':
    case 'shareAtMost':
      return t(`regulatoryReports:statistic.${statistic.kind}`, {
        threshold: numberText(statistic.threshold),
        unit: unitOf(kpi),
      });
    default:
      return t(`regulatoryReports:statistic.${statistic.kind}`);
  }
}

/** A value of a statistic with its unit: `48.25 Mbps`, `92.5 %`. */
export function valueText(kpi: string, statistic: RegulatoryStatistic, value: number): string {
  const unit = isShare(statistic) ? '%' : unitOf(kpi);
  return unit ? `${numberText(value)} ${unit}` : numberText(value);
}

/** A difference between two providers' values, signed: `+5.2 Mbps`, `−3 percentage points` (shares). */
export function differenceText(t: TFunction, kpi: string, statistic: RegulatoryStatistic, value: number): string {
  const number = new Intl.NumberFormat(currentLanguage(), {
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(value);
  if (isShare(statistic)) return t('regulatoryReports:percentagePoints', { value: number });
  const unit = unitOf(kpi);
  return unit ? `${number} ${unit}` : number;
}

/** Figures of one KPI and statistic, one per group, in the order the groups come. */
export interface FigureTable {
  kpi: string;
  statistic: RegulatoryStatistic;
  key: string;
}

/** The KPI-and-statistic tables a calculation's figures make, in the report's KPI order. */
export function figureTables(groups: readonly { figures: readonly RegulatoryFigure[] }[]): FigureTable[] {
  const tables = new Map<string, FigureTable>();
  for (const group of groups)
    for (const figure of group.figures) {
      const key = `${figure.kpi}/${statisticKey(figure.statistic)}`;
      if (!tables.has(key)) tables.set(key, { kpi: figure.kpi, statistic: figure.statistic, key });
    }
  return [...tables.values()];
}

/** A group's figure of a table, if it has one. */
export const figureOf = (group: { figures: readonly RegulatoryFigure[] }, table: FigureTable) =>
  group.figures.find(
    (figure) => figure.kpi === table.kpi && statisticKey(figure.statistic) === statisticKey(table.statistic),
  );
