import { type Language, type RegulatoryCalculation, type RegulatoryFigure, translate } from '@nq/contracts';
import { notesBlock, type PdfCell, type PdfColumn, tableBlock, titlePage } from '@nq/platform/pdf/pdf-blocks';
import { pdfDocument } from '@nq/platform/pdf/pdf-document';
import type { PdfDocumentDefinition } from '@nq/platform/pdf/pdf-renderer';
import { dayText, instantText, numberText } from '@nq/platform/pdf/pdf-texts';
import type { Content } from 'pdfmake';
import { statisticLabel } from './regulatory-report.entity.ts';
import { isShare, kpiName, kpiUnit, regulatoryText, statisticText } from './regulatory-texts.ts';

export interface RegulatoryPdfData {
  calculation: RegulatoryCalculation;
  language: Language;
  profileName: string;
}

type Text = typeof regulatoryText;

/** A figure's value as published: in the KPI's unit (shares in %), or why it is withheld. */
export function valueText(figure: RegulatoryFigure, calculation: RegulatoryCalculation, language: Language): string {
  if (!figure.published) {
    const min = figure.withheld === 'tooFewProbes' ? calculation.minimumProbes : calculation.minimumMeasurements;
    return `${regulatoryText(language, 'notPublished')} (${regulatoryText(language, figure.withheld ?? 'tooFewMeasurements', { min })})`;
  }
  if (figure.value === null) return '–';
  const unit = isShare(figure.statistic) ? '%' : kpiUnit(figure.kpi);
  return `${numberText(figure.value, language)} ${unit}`.trim();
}

export const intervalText = (figure: RegulatoryFigure, language: Language) =>
  figure.published && figure.interval
    ? `${numberText(figure.interval.low, language)} – ${numberText(figure.interval.high, language)}`
    : '';

/** The figures' tables: one per KPI and statistic, a row per provider (and technology). */
function figureTables({ calculation, language }: RegulatoryPdfData) {
  const first = calculation.groups[0];
  const byTechnology = calculation.groups.some((group) => group.technology);
  if (!first) return [];
  return first.figures.map((template, index) => {
    const columns: PdfColumn[] = [
      { header: regulatoryText(language, 'provider'), width: '*' },
      ...(byTechnology ? [{ header: regulatoryText(language, 'technology'), width: 70 } as PdfColumn] : []),
      { header: regulatoryText(language, 'value'), align: 'right', width: 150 },
      { header: regulatoryText(language, 'interval'), align: 'right', width: 90 },
      { header: regulatoryText(language, 'measurements'), align: 'right', width: 62 },
      { header: regulatoryText(language, 'probes'), align: 'right', width: 40 },
    ];
    const rows = calculation.groups.map((group): PdfCell[] => {
      const figure = group.figures[index]!;
      return [
        group.provider.name,
        ...(byTechnology ? [group.technology?.label ?? ''] : []),
        figure.published
          ? valueText(figure, calculation, language)
          : { text: valueText(figure, calculation, language), colour: '#92400e' },
        intervalText(figure, language),
        figure.measurements,
        figure.probes,
      ];
    });
    return tableBlock({
      title: regulatoryText(language, 'figuresOf', {
        kpi: kpiName(template.kpi, language),
        statistic: statisticText(template.statistic, template.kpi, language),
      }),
      columns,
      rows,
      language,
    });
  });
}

/** Whether providers differ: a row per pair and statistic, published figures only. */
function comparisonTable({ calculation, language }: RegulatoryPdfData) {
  const names = new Map(calculation.groups.map((group) => [group.provider.id, group.provider.name]));
  const differenceUnit = (comparison: RegulatoryCalculation['comparisons'][number]) =>
    isShare(comparison.statistic) ? regulatoryText(language, 'percentagePoints') : kpiUnit(comparison.kpi);
  const rows = calculation.comparisons.map((comparison): PdfCell[] => [
    `${kpiName(comparison.kpi, language)}: ${statisticText(comparison.statistic, comparison.kpi, language)}`,
    `${names.get(comparison.a) ?? comparison.a} − ${names.get(comparison.b) ?? comparison.b}`,
    `${numberText(comparison.difference, language)} ${differenceUnit(comparison)}`,
    `${numberText(comparison.interval.low, language)} – ${numberText(comparison.interval.high, language)} ${differenceUnit(comparison)}`,
    comparison.differs ? { text: regulatoryText(language, 'yes'), bold: true } : regulatoryText(language, 'no'),
  ]);
  return tableBlock({
    title: regulatoryText(language, 'comparisons'),
    columns: [
      { header: regulatoryText(language, 'figures'), width: '*' },
      { header: regulatoryText(language, 'pair'), width: 130 },
      { header: regulatoryText(language, 'difference'), align: 'right', width: 58 },
      { header: regulatoryText(language, 'interval'), align: 'right', width: 90 },
      { header: regulatoryText(language, 'differs'), align: 'center', width: 50 },
    ],
    rows,
    language,
  });
}

/** The methodology, written from the definition the figures were computed with: what a reader needs to trust them. */
export function methodologyParagraphs(
  calculation: RegulatoryCalculation,
  language: Language,
  t: Text = regulatoryText,
) {
  const { reproduce, window, peakHours } = calculation;
  const selection = reproduce.selection;
  const listed = (
    key: 'universes' | 'campaigns' | 'clusters' | 'technologies' | 'sources',
    values?: readonly unknown[],
  ) => (values && values.length > 0 ? [t(language, key, { ids: values.join(', ') })] : []);
  const providers = [...new Set(calculation.groups.map((group) => group.provider.name))];
  const narrowed = [
    ...listed('universes', selection.universes),
    ...listed('campaigns', selection.campaigns),
    ...listed('clusters', selection.clusters),
    ...listed('technologies', selection.technologies),
  ];
  const population = [
    narrowed.length > 0 ? narrowed.join('; ') : t(language, 'populationAll'),
    ...listed('sources', selection.sources),
  ];
  const until = instantText(reproduce.receivedUntil, language, window.timeZone);
  const exclusions = calculation.exclusions.filter((exclusion) => exclusion.measurements > 0);
  const usesConsistent = calculation.groups.some((group) =>
    group.figures.some((figure) => figure.statistic.kind === 'consistent'),
  );
  return [
    {
      heading: t(language, 'population'),
      text: population.join('; '),
    },
    ...(providers.length > 0 ? [{ heading: t(language, 'providersHeading'), text: providers.join(', ') }] : []),
    {
      heading: t(language, 'period'),
      text: t(language, 'periodText', {
        from: dayText(window.from, language, window.timeZone),
        to: dayText(window.to, language, window.timeZone),
        timeZone: window.timeZone,
      }),
    },
    {
      heading: t(language, 'peakHours'),
      text: peakHours
        ? t(language, 'peakHoursText', {
            from: String(peakHours.from).padStart(2, '0'),
            to: String(peakHours.to).padStart(2, '0'),
          })
        : t(language, 'wholeDay'),
    },
    {
      heading: t(language, 'rules'),
      text: t(language, 'rulesText', {
        measurements: calculation.minimumMeasurements,
        probes: calculation.minimumProbes,
      }),
    },
    {
      heading: t(language, 'statistics'),
      text: [
        t(language, 'statisticsText', { resamples: reproduce.resamples, seed: reproduce.seed }),
        ...(usesConsistent ? [t(language, 'consistentText')] : []),
      ].join(' '),
    },
    {
      heading: t(language, 'exclusions'),
      text:
        exclusions.length === 0
          ? t(language, 'exclusionNone')
          : exclusions
              .map((exclusion) => t(language, exclusion.reason, { count: exclusion.measurements, until }))
              .join('; '),
    },
    {
      heading: t(language, 'reproduce'),
      text: t(language, 'reproduceText', {
        version: reproduce.version,
        asOf: reproduce.asOf,
        until: reproduce.receivedUntil,
      }),
    },
  ];
}

/**
 * The regulatory report: a title page, each KPI and statistic's figures per provider (withheld ones saying why),
 * the differences between providers, then the methodology written from the definition the figures were computed with.
 */
export function regulatoryReportPdf(data: RegulatoryPdfData): PdfDocumentDefinition {
  const { calculation, language } = data;
  const tables = figureTables(data);
  const comparisons = comparisonTable(data);
  const heading = (text: string, pageBreak?: 'before'): Content => ({
    text,
    style: 'heading',
    ...(pageBreak ? { pageBreak } : {}),
  });
  const content: Content[] = [
    titlePage({
      title: calculation.report.name,
      subtitle: regulatoryText(language, 'subtitle', {
        groups: calculation.groups.length,
        measurements: numberText(calculation.measurements, language, 0),
        probes: numberText(calculation.probes, language, 0),
      }),
      profile: data.profileName,
      window: calculation.window,
      generatedAt: new Date(calculation.calculatedAt),
      language,
    }),
    ...(calculation.report.description
      ? [{ text: calculation.report.description, margin: [0, 0, 0, 12] } as Content]
      : []),
    heading(regulatoryText(language, 'figures')),
    notesBlock(
      calculation.warnings.map(({ code, params }) => translate(code, language, params)),
      language,
    ),
    ...tables.map((table) => table.content),
    // The table names itself; without one, the heading says what is missing.
    ...(calculation.comparisons.length > 0
      ? [comparisons.content]
      : [
          heading(regulatoryText(language, 'comparisons')),
          { text: regulatoryText(language, 'noComparisons'), style: 'note' } as Content,
        ]),
    heading(regulatoryText(language, 'methodology'), 'before'),
    ...methodologyParagraphs(calculation, language).flatMap((paragraph): Content[] => [
      { text: paragraph.heading, bold: true, margin: [0, 6, 0, 2] },
      { text: paragraph.text, margin: [0, 0, 0, 4] },
    ]),
  ];
  return pdfDocument({ title: calculation.report.name, language, content });
}

/** A figure's short name in files and tables ("download p90"). */
export const figureLabel = (figure: Pick<RegulatoryFigure, 'kpi' | 'statistic'>) =>
  `${figure.kpi} ${statisticLabel(figure.statistic)}`;
