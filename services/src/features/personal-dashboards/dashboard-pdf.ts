import {
  type CatalogueWarning,
  chartedInPdf,
  type DashboardGraphic,
  kpiById,
  type Language,
  type PersonalDashboardFields,
  type QueryResult,
  warning,
} from '@nq/contracts';
import type { ChartData } from '@nq/contracts/analytics/chart-data';
import type { Content } from 'pdfmake';
import { chartBlock, type PdfCell, tableBlock, titlePage } from '../../platform/pdf/pdf-blocks.ts';
import { pdfDocument } from '../../platform/pdf/pdf-document.ts';
import { dayText, instantText, numberText, pdfText } from '../../platform/pdf/pdf-texts.ts';

/** A graphic of the dashboard with what its query answered (or nothing, when it failed). */
export interface GraphicAnswer {
  category: string;
  graphic: DashboardGraphic;
  result?: QueryResult;
  /** Why its data could not be read (spec §8: graphic data fetch error), in the document's language. */
  error?: string;
}

/** The words of a graphic's table, in the document's language. */
const words = {
  en: { all: 'All', series: 'Series', bucket: 'Period', count: 'Count', probe: 'Probe', measured: 'Measured' },
  es: { all: 'Todo', series: 'Serie', bucket: 'Periodo', count: 'Recuento', probe: 'Sonda', measured: 'Medido' },
} as const satisfies Record<Language, Record<string, string>>;

const seriesName = (
  series: { key: Record<string, unknown>; labels?: Record<string, string> | undefined },
  language: Language,
) =>
  Object.entries(series.key)
    .map(([dimension, value]) => series.labels?.[dimension] ?? String(value))
    .join(' · ') || words[language].all;

const bucketText = (key: string | number, language: Language, timeZone: string) =>
  key === 'all'
    ? words[language].all
    : typeof key === 'string' && !Number.isNaN(Date.parse(key))
      ? dayText(key, language, timeZone)
      : String(key);

/** A metric answer as the chart model: one series per breakdown value over the buckets. */
function metricChartData(
  result: Extract<QueryResult, { kind: 'metric' }>,
  language: Language,
  timeZone: string,
): ChartData {
  const keys = [
    ...new Set(result.series.flatMap((series) => series.buckets.map((bucket) => String(bucket.key)))),
  ].sort();
  return {
    axis: { kind: 'category', values: keys.map((key) => bucketText(key, language, timeZone)) },
    series: result.series.map((series, index) => {
      const byKey = new Map(series.buckets.map((bucket) => [String(bucket.key), bucket.value]));
      return {
        id: String(index),
        name: seriesName(series, language),
        values: keys.map((key) => byKey.get(key) ?? null),
      };
    }),
  };
}

/** Any answer as table rows: a row per series and bucket. */
function rowsOf(result: QueryResult, language: Language, timeZone: string): { headers: string[]; rows: PdfCell[][] } {
  const w = words[language];
  if (result.kind === 'metric')
    return {
      headers: [w.series, w.bucket, result.metric, w.count],
      rows: result.series.flatMap((series) =>
        series.buckets.map((bucket) => [
          seriesName(series, language),
          bucketText(bucket.key, language, timeZone),
          bucket.value,
          bucket.count,
        ]),
      ),
    };
  if (result.kind === 'boxplot')
    return {
      headers: [w.series, w.bucket, 'Min', 'Q1', 'Median', 'Q3', 'Max', w.count],
      rows: result.series.flatMap((series) =>
        series.buckets.map((bucket) => [
          seriesName(series, language),
          bucketText(bucket.key, language, timeZone),
          bucket.min,
          bucket.q1,
          bucket.median,
          bucket.q3,
          bucket.max,
          bucket.count,
        ]),
      ),
    };
  return {
    headers: [w.series, w.probe, w.measured, 'X', 'Y'],
    rows: result.series.flatMap((series) =>
      series.points.map((point) => [
        seriesName(series, language),
        point.probeId,
        instantText(point.measuredAt, language, timeZone),
        point.x,
        point.y,
      ]),
    ),
  };
}

/** One graphic's block: a chart for bars, lines and areas, a table otherwise; a note when it has no data. */
function graphicBlock(answer: GraphicAnswer, language: Language, timeZone: string) {
  const { graphic, result, error } = answer;
  const title = graphic.title || kpiById.get(graphic.request.kpi ?? '')?.label[language] || graphic.request.graphicType;
  const empty = !result || result.series.length === 0;
  if (empty)
    return {
      content: [
        { text: title, style: 'chartTitle' },
        { text: error ?? pdfText(language, 'noData'), style: 'note', margin: [0, 0, 0, 14] },
      ] as Content[],
      warnings: [],
    };
  const type = graphic.request.graphicType;
  if (result.kind === 'metric' && chartedInPdf(type)) {
    const unit = kpiById.get(graphic.request.kpi ?? '')?.unit;
    const chart = chartBlock({
      title,
      type: type === 'pie' ? 'bars' : type,
      data: metricChartData(result, language, timeZone),
      ...(unit ? { unit } : {}),
      format: (value) => numberText(value, language),
    });
    return { content: [chart], warnings: [] as CatalogueWarning[] };
  }
  const { headers, rows } = rowsOf(result, language, timeZone);
  const table = tableBlock({ title, columns: headers.map((header) => ({ header })), rows, language });
  return { content: [table.content], warnings: table.warnings };
}

/** The days the graphics cover: from their earliest bucket to their latest (the send instant when none has data). */
function windowOf(answers: readonly GraphicAnswer[], generatedAt: Date) {
  const instants = answers
    .flatMap((answer) =>
      answer.result?.kind === 'scatterplot'
        ? []
        : (answer.result?.series.flatMap((series) => series.buckets.map((bucket) => bucket.key)) ?? []),
    )
    .filter((key): key is string => typeof key === 'string' && key !== 'all')
    .map((key) => Date.parse(key))
    .filter((instant) => !Number.isNaN(instant));
  if (instants.length === 0) return { from: generatedAt.toISOString(), to: generatedAt.toISOString() };
  return { from: new Date(Math.min(...instants)).toISOString(), to: new Date(Math.max(...instants)).toISOString() };
}

/**
 * The dashboard as a PDF document: a title page, then each category's graphics in their grid's order. A table larger
 * than the page is cut, with a note and `dashboards.tableExceedsPdf` among the warnings (spec §2).
 */
export function dashboardPdf(
  dashboard: PersonalDashboardFields,
  answers: readonly GraphicAnswer[],
  context: { profile: string; language: Language; timeZone: string; generatedAt: Date },
) {
  const { language, timeZone, generatedAt } = context;
  const warnings: CatalogueWarning[] = [];
  const content: Content[] = [
    titlePage({
      title: dashboard.name,
      subtitle: dashboard.categories.map((category) => category.name).join(' · '),
      profile: context.profile,
      window: { ...windowOf(answers, generatedAt), timeZone },
      generatedAt,
      language,
    }),
  ];
  for (const category of dashboard.categories) {
    // As the grid shows them: row by row, left to right; a category without graphics has nothing to show.
    const shown = answers
      .filter((candidate) => candidate.category === category.name)
      .sort((a, b) => a.graphic.layout.y - b.graphic.layout.y || a.graphic.layout.x - b.graphic.layout.x);
    if (shown.length === 0) continue;
    content.push({ text: category.name, style: 'title', margin: [0, 0, 0, 12] });
    for (const answer of shown) {
      const block = graphicBlock(answer, language, timeZone);
      content.push(...block.content);
      warnings.push(...block.warnings);
    }
  }
  if (warnings.length > 0) warnings.unshift(warning('dashboards.tableExceedsPdf'));
  return { document: pdfDocument({ title: dashboard.name, language, content }), warnings };
}
