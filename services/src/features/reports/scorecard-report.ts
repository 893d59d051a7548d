import {
  type CatalogueWarning,
  type ComparedDimension,
  kpiById,
  type Language,
  type MetricSeries,
  type ScorecardCalculation,
  translate,
  type WindowScores,
} from '@nq/contracts';
import type { ChartData } from '@nq/contracts/analytics/chart-data';
import { chartEntityOf } from '@nq/contracts/analytics/series-colours';
import {
  chartBlock,
  contentWidth,
  minColumnWidth,
  notesBlock,
  type PdfCell,
  type PdfColumn,
  tableBlock,
  titlePage,
} from '@nq/platform/pdf/pdf-blocks';
import { pdfDocument } from '@nq/platform/pdf/pdf-document';
import type { PdfDocumentDefinition } from '@nq/platform/pdf/pdf-renderer';
import { dayText, instantText, numberText, windowText } from '@nq/platform/pdf/pdf-texts';
import type { Content } from 'pdfmake';
import { narrowingNote } from '../analytics/index.ts';
import { reportText } from './report-texts.ts';
import { bandColours, scoreBand, scoreBands } from './score-bands.ts';

/** What the scorecard report shows: the calculation, each KPI's values per day per compared entity, and names. */
export interface ScorecardReportData {
  calculation: ScorecardCalculation;
  /** Per KPI the scorecard scores: its average per day of the live window, a series per compared entity. */
  drilldowns: { kpi: string; series: MetricSeries[] }[];
  /** Names of the compared providers (an entity without one is shown by its id). */
  names: ReadonlyMap<string, string>;
  /** The colours configured for the compared providers that have one: their lines' colours, as on screen. */
  colours: ReadonlyMap<string, string>;
  profileName: string;
  language: Language;
  generatedAt: Date;
  /** The instant its data is taken as received until, when pinned to one (a report asked since it is). */
  receivedUntil?: string;
}

const kpiName = (kpi: string, language: Language) => kpiById.get(kpi)?.label[language] ?? kpi;
const unitOf = (kpi: string) => kpiById.get(kpi)?.unit;

function scoreCell(score: number | null, maxScore: number, language: Language): PdfCell {
  if (score === null) return { text: '–', colour: '#6b7280' };
  const band = bandColours[scoreBand(score, maxScore)];
  return { text: numberText(score, language), fill: band.fill, colour: band.colour, bold: true };
}

/**
 * The width of each KPI column of the score matrix: what the page leaves after the rank (30), the total (52), the
 * coverage (44), at least 70 for the names, and 16 between columns, shared evenly, at most 72.
 */
const matrixKpiWidth = (kpis: number) =>
  Math.max(minColumnWidth - 16, Math.min(72, Math.floor((contentWidth - 30 - 52 - 44 - 70 - 16 * (kpis + 3)) / kpis)));

/** The score matrix: a row per compared entity (best first), its total and a column per KPI, coloured by band. */
function scoreMatrix(data: ScorecardReportData, scores: WindowScores, title: string) {
  const { calculation, language, names } = data;
  const { maxScore, kpis } = calculation.scorecard;
  const scoredKpis = scores.entities[0]?.kpis.map((kpi) => kpi.kpi) ?? kpis.map((kpi) => kpi.kpi);
  const kpiWidth = matrixKpiWidth(scoredKpis.length);
  const columns: PdfColumn[] = [
    { header: reportText(language, 'rank'), align: 'right', width: 30 },
    { header: reportText(language, 'entity'), width: '*' },
    { header: reportText(language, 'total', { max: numberText(maxScore, language) }), align: 'center', width: 52 },
    { header: reportText(language, 'coverage'), align: 'right', width: 44 },
    // The KPIs side by side at one width, their names wrapping, so the scores line up and end at the margin.
    ...scoredKpis.map((kpi): PdfColumn => ({ header: kpiName(kpi, language), align: 'center', width: kpiWidth })),
  ];
  const rows = scores.entities.map((entity): PdfCell[] => [
    entity.rank,
    names.get(entity.entity) ?? entity.entity,
    scoreCell(entity.score, maxScore, language),
    `${numberText(entity.coverage, language, 0)} %`,
    ...scoredKpis.map((kpi) =>
      scoreCell(entity.kpis.find((scored) => scored.kpi === kpi)?.score ?? null, maxScore, language),
    ),
  ]);
  return tableBlock({ title, columns, rows, language });
}

function bandLegend(language: Language): Content {
  const bands = scoreBands.map((band) => ({
    text: ` ${reportText(language, band)} `,
    background: bandColours[band].fill,
    color: bandColours[band].colour,
  }));
  const [before, after] = reportText(language, 'bands', { bands: '\u0000' }).split('\u0000');
  return {
    text: [before ?? '', ...bands.flatMap((band, index) => (index === 0 ? [band] : [' ', band])), after ?? ''],
    fontSize: 8,
    margin: [0, 0, 0, 12],
  };
}

/** The definition scored with: each KPI's weight and fringes, and the MOS entries that map it to points. */
function kpiTable({ calculation, language }: ScorecardReportData) {
  const { kpis, mosEntries } = calculation.scorecard;
  const hours = (value: number) => String(value).padStart(2, '0');
  const rows = kpis.map((kpi): PdfCell[] => [
    kpiName(kpi.kpi, language),
    `${numberText(kpi.weight, language)} %`,
    kpi.fringes.length === 0
      ? reportText(language, 'wholeDay')
      : kpi.fringes.map((fringe) => `${hours(fringe.start)}–${hours(fringe.end)} h`).join(', '),
    mosEntries
      .filter((entry) => entry.kpi === kpi.kpi)
      .map(
        (entry) =>
          `${reportText(language, entry.mappingFunction)}, ${numberText(entry.limits.lower, language)} – ` +
          `${numberText(entry.limits.upper, language)} ${unitOf(kpi.kpi) ?? ''}, ${numberText(entry.weight, language)} %`,
      )
      .join('\n'),
  ]);
  return tableBlock({
    title: reportText(language, 'kpis'),
    columns: [
      { header: reportText(language, 'kpi'), width: 110 },
      { header: reportText(language, 'weight'), align: 'right', width: 44 },
      { header: reportText(language, 'fringes'), width: 90 },
      { header: reportText(language, 'mos'), width: '*' },
    ],
    rows,
    language,
  });
}

/** A KPI's values per day, a line per compared entity (in its colour), over the live window's days. */
export function drilldownChartData(
  series: MetricSeries[],
  dimension: ComparedDimension,
  { names, colours }: Pick<ScorecardReportData, 'names' | 'colours'>,
  language: Language,
  timeZone: string,
): ChartData {
  const instants = [...new Set(series.flatMap((item) => item.buckets.map((bucket) => String(bucket.key))))]
    .map((key) => Date.parse(key))
    .filter((instant) => !Number.isNaN(instant))
    .sort((a, b) => a - b);
  return {
    axis: { kind: 'time', values: instants, labels: instants.map((at) => dayText(at, language, timeZone)), timeZone },
    series: series.map((item) => {
      const entity = String(item.key[dimension as keyof typeof item.key] ?? '');
      const byInstant = new Map(item.buckets.map((bucket) => [Date.parse(String(bucket.key)), bucket.value]));
      const colour = colours.get(entity);
      return {
        id: entity,
        name: names.get(entity) ?? entity,
        entity: chartEntityOf({ [dimension]: entity }, colour ? { [dimension]: colour } : undefined),
        values: instants.map((instant) => byInstant.get(instant) ?? null),
      };
    }),
  };
}

function drilldownBlocks(data: ScorecardReportData): Content[] {
  const { calculation, language } = data;
  const { timeZone } = calculation.live.window;
  const rankOf = new Map(calculation.live.entities.map((entity, index) => [entity.entity, index]));
  const byRank = (series: MetricSeries[]) =>
    series.toSorted(
      (a, b) =>
        (rankOf.get(String(a.key[calculation.comparedBy])) ?? Infinity) -
        (rankOf.get(String(b.key[calculation.comparedBy])) ?? Infinity),
    );
  return data.drilldowns.map(({ kpi, series }) => {
    const name = kpiName(kpi, language);
    if (series.length === 0) return { text: reportText(language, 'noMeasurements', { kpi: name }), style: 'note' };
    const unit = unitOf(kpi);
    return chartBlock({
      title: reportText(language, 'drilldownChart', { kpi: name }),
      type: 'line',
      data: drilldownChartData(byRank(series), calculation.comparedBy, data, language, timeZone),
      ...(unit ? { unit } : {}),
      format: (value) => numberText(value, language),
    });
  });
}

/**
 * The scorecard report: a title page (scorecard, profile, window, when), the score matrix per compared entity and KPI
 * coloured as the screen colours it (and the comparison window's when asked), the KPIs with their weights and MOS
 * entries, then a drilldown chart per KPI; above the scores and the drilldown, what the profile narrowed them by. Answers the document and the warnings its tables raised.
 */
export function scorecardReport(data: ScorecardReportData): {
  document: PdfDocumentDefinition;
  warnings: CatalogueWarning[];
} {
  const { calculation, language } = data;
  const { scorecard, live, comparison, configuration } = calculation;
  const heading = (text: string, pageBreak?: 'before'): Content => ({
    text,
    style: 'heading',
    ...(pageBreak ? { pageBreak } : {}),
  });
  const liveMatrix = scoreMatrix(
    data,
    live,
    reportText(language, 'liveScores', { window: windowText(live.window, language) }),
  );
  const compared = comparison
    ? scoreMatrix(
        data,
        comparison,
        reportText(language, 'comparisonScores', { window: windowText(comparison.window, language) }),
      )
    : undefined;
  const definition = kpiTable(data);
  const content: Content[] = [
    titlePage({
      title: scorecard.name,
      subtitle: reportText(language, 'subtitle', {
        count: live.entities.length,
        compared: reportText(
          language,
          live.entities.length === 1 ? calculation.comparedBy : `${calculation.comparedBy}s`,
        ),
      }),
      profile: data.profileName,
      window: live.window,
      generatedAt: data.generatedAt,
      language,
    }),
    heading(reportText(language, 'scores')),
    {
      text: data.receivedUntil
        ? reportText(language, 'reproduce', {
            ...configuration,
            until: instantText(data.receivedUntil, language, live.window.timeZone),
            receivedUntil: data.receivedUntil,
          })
        : reportText(language, 'version', configuration),
      fontSize: 8,
      color: '#6b7280',
      margin: [0, 0, 0, 8],
    },
    ...narrowingNote(calculation.narrowedBy, language),
    liveMatrix.content,
    bandLegend(language),
    ...(compared ? [compared.content] : []),
    notesBlock(
      calculation.warnings.map(({ code, params }) => translate(code, language, params)),
      language,
    ),
    definition.content,
    heading(reportText(language, 'drilldown'), 'before'),
    ...narrowingNote(calculation.narrowedBy, language),
    ...drilldownBlocks(data),
  ];
  return {
    document: pdfDocument({ title: scorecard.name, language, content }),
    warnings: [...liveMatrix.warnings, ...(compared?.warnings ?? []), ...definition.warnings],
  };
}
