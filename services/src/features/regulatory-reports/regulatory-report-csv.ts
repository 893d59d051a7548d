import {
  type CsvOptions,
  csvDefaultsFor,
  type Language,
  type RegulatoryCalculation,
  type RegulatoryFigure,
  type RegulatoryGroup,
} from '@nq/contracts';
import { csvDocument } from '@nq/platform/csv/csv-writer';
import { statisticLabel } from './regulatory-report.entity.ts';
import { isShare, kpiUnit, regulatoryText } from './regulatory-texts.ts';

type Row = { group: RegulatoryGroup; figure: RegulatoryFigure };

/**
 * Every figure of the report, one row each: the provider (and technology), the KPI, the statistic, the value with its
 * interval and sample size, whether it is published (and why not), and what reproduces it.
 */
export function regulatoryReportCsv(
  calculation: RegulatoryCalculation,
  language: Language,
  options: CsvOptions = csvDefaultsFor(language, calculation.window.timeZone),
): string {
  const { reproduce } = calculation;
  const rows: Row[] = calculation.groups.flatMap((group) => group.figures.map((figure) => ({ group, figure })));
  return csvDocument<Row>(
    [
      { label: 'report', value: () => calculation.report.name },
      { label: 'providerId', value: ({ group }) => group.provider.id },
      { label: 'provider', value: ({ group }) => group.provider.name },
      { label: 'technology', value: ({ group }) => group.technology?.label ?? '' },
      { label: 'kpi', value: ({ figure }) => figure.kpi },
      { label: 'unit', value: ({ figure }) => (isShare(figure.statistic) ? '%' : kpiUnit(figure.kpi)) },
      { label: 'statistic', value: ({ figure }) => statisticLabel(figure.statistic) },
      { label: 'value', value: ({ figure }) => (figure.published ? figure.value : null) },
      { label: 'low95', value: ({ figure }) => (figure.published ? figure.interval?.low : null) },
      { label: 'high95', value: ({ figure }) => (figure.published ? figure.interval?.high : null) },
      { label: 'measurements', value: ({ figure }) => figure.measurements },
      { label: 'probes', value: ({ figure }) => figure.probes },
      { label: 'published', value: ({ figure }) => figure.published },
      {
        label: 'withheld',
        value: ({ figure }) =>
          figure.withheld
            ? regulatoryText(language, figure.withheld, {
                min: figure.withheld === 'tooFewProbes' ? calculation.minimumProbes : calculation.minimumMeasurements,
              })
            : '',
      },
      { label: 'from', value: () => calculation.window.from, instant: true },
      { label: 'to', value: () => calculation.window.to, instant: true },
      { label: 'asOf', value: () => reproduce.asOf },
      // As the API names it, to ask the same figures again.
      { label: 'receivedUntil', value: () => reproduce.receivedUntil },
      { label: 'seed', value: () => reproduce.seed },
    ],
    rows,
    options,
  );
}
