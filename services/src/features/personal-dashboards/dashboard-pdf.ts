import {
  type CatalogueWarning,
  chartedInPdf,
  type DashboardGraphic,
  type GraphicTypeChartedInPdf,
  kpiById,
  type Language,
  type PersonalDashboardFields,
  type QueryResult,
  type ReproductionPin,
  warning,
} from '@nq/contracts';
import type { ChartData } from '@nq/contracts/analytics/chart-data';
import { chartEntityOf } from '@nq/contracts/analytics/series-colours';
import type { PdfChartType } from '@nq/platform/pdf/chart-svg';
import {
  chartBlock,
  notesBlock,
  type PdfCell,
  type PdfColumn,
  tableBlock,
  titlePage,
} from '@nq/platform/pdf/pdf-blocks';
import { pdfDocument } from '@nq/platform/pdf/pdf-document';
import { dayText, decimalText, instantText, numberText, pdfText } from '@nq/platform/pdf/pdf-texts';
import type { Content } from 'pdfmake';
import { narrowingNote } from '../analytics/index.ts';
import type { ComputedPeriod } from './graphic-period.ts';

/** A graphic of the dashboard with what its query answered (or nothing, when it failed). */
export interface GraphicAnswer {
  category: string;
  graphic: DashboardGraphic;
  result?: QueryResult;
  /** The period its data was computed over (`computedPeriod`): what the title page's data window spans. */
  period?: ComputedPeriod;
  /** Why its data could not be read (docs/product/errors.md: graphic data fetch error), in the document's language. */
  error?: string;
}

/** The words of a graphic's table and notes, in the document's language. */
const words = {
  en: {
    all: 'All',
    series: 'Series',
    bucket: 'Period',
    count: 'Count',
    probe: 'Probe',
    measured: 'Measured',
    median: 'Median',
    pointsDrawn: 'The chart draws {drawn} of the {points} points answered, spread evenly over them.',
    reproduce:
      'Data received until {until}, configuration position {asOf}. Asked again with asOf={asOf} and receivedUntil={receivedUntil}, the same figures.',
  },
  es: {
    all: 'Todo',
    series: 'Serie',
    bucket: 'Periodo',
    count: 'Recuento',
    probe: 'Sonda',
    measured: 'Medido',
    median: 'Mediana',
    pointsDrawn: 'El gráfico dibuja {drawn} de los {points} puntos de la respuesta, repartidos por igual entre ellos.',
    reproduce:
      'Datos recibidos hasta {until}, posición de configuración {asOf}. Pedido de nuevo con asOf={asOf} y receivedUntil={receivedUntil}, las mismas cifras.',
  },
} as const satisfies Record<Language, Record<string, string>>;

/**
 * The most points a scatter chart of the PDF draws: an answer holds up to 10,000 per universe or campaign, each an
 * SVG path that pdfmake lays out. 10,000 points take some 2 s and 250 MB more to render than 2,000, and read no better.
 */
export const pdfScatterPointLimit = 2_000;
/** The decimals of a KPI's values in the PDF's tables. */
const valueDecimals = 2;

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

const unitOf = (kpi: string | undefined) => kpiById.get(kpi ?? '')?.unit;
/** A header or an axis title naming its unit: "avg (Mbps)". */
const withUnit = (name: string, unit: string | undefined) => (unit ? `${name} (${unit})` : name);
/** An axis of a KPI: its label and unit, "Download speed (Mbps)". */
const kpiAxisName = (kpi: string | undefined, language: Language) => {
  const definition = kpiById.get(kpi ?? '');
  return definition ? withUnit(definition.label[language], definition.unit) : undefined;
};

/** The KPI a graphic's values are of: its `kpi`, a table's `axes.value`, a boxplot's. */
const valueKpi = (graphic: DashboardGraphic) => graphic.request.kpi ?? graphic.request.axes?.value;
/** Counts are of measurements, not in the KPI's unit. */
const metricUnit = (result: Extract<QueryResult, { kind: 'metric' }>, graphic: DashboardGraphic) =>
  result.metric === 'count' || result.metric === 'uniqueCount' ? undefined : unitOf(valueKpi(graphic));

/** The buckets' keys of every series, in order, as the category axis. */
function bucketKeys(series: readonly { buckets: readonly { key: string | number }[] }[]) {
  return [...new Set(series.flatMap((item) => item.buckets.map((bucket) => String(bucket.key))))].sort();
}

/** A metric answer as the chart model: one series per breakdown value over the buckets. */
function metricChartData(
  result: Extract<QueryResult, { kind: 'metric' }>,
  language: Language,
  timeZone: string,
): ChartData {
  const keys = bucketKeys(result.series);
  return {
    axis: { kind: 'category', values: keys.map((key) => bucketText(key, language, timeZone)) },
    series: result.series.map((series, index) => {
      const byKey = new Map(series.buckets.map((bucket) => [String(bucket.key), bucket.value]));
      return {
        id: String(index),
        name: seriesName(series, language),
        entity: chartEntityOf(series.key, series.colours),
        values: keys.map((key) => byKey.get(key) ?? null),
      };
    }),
  };
}

/** A boxplot answer as the chart model: a box per breakdown value and bucket. */
function boxplotChartData(
  result: Extract<QueryResult, { kind: 'boxplot' }>,
  language: Language,
  timeZone: string,
): ChartData {
  const keys = bucketKeys(result.series);
  return {
    axis: { kind: 'category', values: keys.map((key) => bucketText(key, language, timeZone)) },
    series: [],
    boxes: result.series.map((series, index) => {
      const byKey = new Map(series.buckets.map((bucket) => [String(bucket.key), bucket]));
      return {
        id: String(index),
        name: seriesName(series, language),
        entity: chartEntityOf(series.key, series.colours),
        boxes: keys.map((key) => {
          const bucket = byKey.get(key);
          return bucket ? [bucket.min, bucket.q1, bucket.median, bucket.q3, bucket.max] : null;
        }),
      };
    }),
  };
}

/**
 * A scatterplot answer as the chart model, at most `limit` points spread evenly over the answer's (already a random
 * sample): each series keeps its share.
 */
function scatterChartData(result: Extract<QueryResult, { kind: 'scatterplot' }>, language: Language, limit: number) {
  const answered = result.series.reduce((sum, series) => sum + series.points.length, 0);
  const share = Math.min(1, limit / answered);
  // The n-th point of the whole answer is kept when it reaches the next of the `limit` evenly spaced marks.
  const kept = (at: number) => Math.floor((at + 1) * share) > Math.floor(at * share);
  let before = 0;
  const points = result.series.map((series, index) => {
    const start = before;
    before += series.points.length;
    return {
      id: String(index),
      name: seriesName(series, language),
      entity: chartEntityOf(series.key, series.colours),
      points: series.points.filter((_, at) => kept(start + at)).map(({ x, y }) => ({ x, y })),
    };
  });
  const drawn = points.reduce((sum, series) => sum + series.points.length, 0);
  const data: ChartData = { axis: { kind: 'category', values: [] }, series: [], points };
  return { data, answered, drawn };
}

/** Any answer as table rows: a row per series and bucket. */
function rowsOf(
  result: QueryResult,
  graphic: DashboardGraphic,
  language: Language,
  timeZone: string,
): { columns: PdfColumn[]; rows: PdfCell[][] } {
  const w = words[language];
  const text = (header: string): PdfColumn => ({ header });
  const count: PdfColumn = { header: w.count, decimals: 0 };
  if (result.kind === 'metric') {
    const counted = result.metric === 'count' || result.metric === 'uniqueCount';
    return {
      columns: [
        text(w.series),
        text(w.bucket),
        { header: withUnit(result.metric, metricUnit(result, graphic)), decimals: counted ? 0 : valueDecimals },
        count,
      ],
      rows: result.series.flatMap((series) =>
        series.buckets.map((bucket) => [
          seriesName(series, language),
          bucketText(bucket.key, language, timeZone),
          bucket.value,
          bucket.count,
        ]),
      ),
    };
  }
  if (result.kind === 'boxplot') {
    const unit = unitOf(valueKpi(graphic));
    const value = (header: string): PdfColumn => ({ header: withUnit(header, unit), decimals: valueDecimals });
    return {
      columns: [text(w.series), text(w.bucket), ...['Min', 'Q1', w.median, 'Q3', 'Max'].map(value), count],
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
  }
  const axis = (name: 'x' | 'y'): PdfColumn => ({
    header: withUnit(name.toUpperCase(), unitOf(graphic.request.axes?.[name])),
    decimals: valueDecimals,
  });
  return {
    columns: [text(w.series), text(w.probe), text(w.measured), axis('x'), axis('y')],
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

/** How the PDF draws each type it charts. */
const pdfChartTypes = {
  bars: 'bars',
  line: 'line',
  area: 'area',
  pie: 'bars',
  boxplot: 'boxplot',
  scatterplot: 'scatter',
} as const satisfies Record<GraphicTypeChartedInPdf, PdfChartType>;

/** A scatterplot's points, its axes named by their KPIs, and a note when the PDF draws fewer than answered. */
function scatterBlocks(
  graphic: DashboardGraphic,
  result: Extract<QueryResult, { kind: 'scatterplot' }>,
  title: string,
  language: Language,
): Content[] {
  const { data, answered, drawn } = scatterChartData(result, language, pdfScatterPointLimit);
  const xName = kpiAxisName(graphic.request.axes?.x, language);
  const unit = kpiAxisName(graphic.request.axes?.y, language);
  const format = (value: number, decimals: number) => decimalText(value, language, decimals);
  const chart = chartBlock({
    title,
    type: 'scatter',
    data,
    format,
    ...(xName ? { xName } : {}),
    ...(unit ? { unit } : {}),
  });
  if (drawn === answered) return [chart];
  const note = words[language].pointsDrawn
    .replace('{drawn}', numberText(drawn, language))
    .replace('{points}', numberText(answered, language));
  return [chart, notesBlock([note], language)];
}

/** A graphic drawn as a chart: its bars, lines, areas, boxes or points, its value axis naming the unit. */
function chartBlocks(
  graphic: DashboardGraphic,
  type: GraphicTypeChartedInPdf,
  result: QueryResult,
  title: string,
  language: Language,
  timeZone: string,
): Content[] {
  if (result.kind === 'scatterplot') return scatterBlocks(graphic, result, title, language);
  // A boxplot's title need not name its KPI (it has no `kpi`): its axis does.
  const unit = result.kind === 'metric' ? metricUnit(result, graphic) : kpiAxisName(valueKpi(graphic), language);
  const data =
    result.kind === 'metric'
      ? metricChartData(result, language, timeZone)
      : boxplotChartData(result, language, timeZone);
  const format = (value: number, decimals: number) => decimalText(value, language, decimals);
  return [chartBlock({ title, type: pdfChartTypes[type], data, format, ...(unit ? { unit } : {}) })];
}

/**
 * One graphic's block: a chart for the types the PDF charts, a table otherwise; a note when it has no data; and what
 * the profile narrowed its data by, when it did.
 */
function graphicBlock(answer: GraphicAnswer, language: Language, timeZone: string) {
  const block = drawnGraphic(answer, language, timeZone);
  return { ...block, content: [...block.content, ...narrowingNote(answer.result?.narrowedBy, language)] };
}

function drawnGraphic(answer: GraphicAnswer, language: Language, timeZone: string) {
  const { graphic, result, error } = answer;
  const title = graphic.title || kpiById.get(valueKpi(graphic) ?? '')?.label[language] || graphic.request.graphicType;
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
  if (chartedInPdf(type))
    return {
      content: chartBlocks(graphic, type, result, title, language, timeZone),
      warnings: [] as CatalogueWarning[],
    };
  const { columns, rows } = rowsOf(result, graphic, language, timeZone);
  const table = tableBlock({ title, columns, rows, language });
  return { content: [table.content], warnings: table.warnings };
}

/** The instants a graphic's time buckets start at (none for a graphic without time buckets). */
const bucketStarts = (answer: GraphicAnswer) =>
  (answer.result?.kind === 'scatterplot'
    ? []
    : (answer.result?.series.flatMap((series) => series.buckets.map((bucket) => bucket.key)) ?? [])
  )
    .filter((key): key is string => typeof key === 'string' && key !== 'all')
    .map((key) => Date.parse(key))
    .filter((instant) => !Number.isNaN(instant));

/**
 * The period the graphics were computed over: from the earliest start of their data (a first bucket starts no earlier
 * than the days asked for) or else of their period, to the latest end of their periods. A bucket starts a stretch of
 * time but does not end it (a week's last bucket runs on past its Monday), so the last bucket's start stands for the
 * end only without a period. The send instant when no graphic was computed.
 */
function windowOf(answers: readonly GraphicAnswer[], generatedAt: Date) {
  const computed = answers.filter((answer) => answer.result !== undefined);
  const starts = computed.flatMap((answer) => {
    const buckets = bucketStarts(answer);
    if (buckets.length > 0) return [Math.min(...buckets)];
    return answer.period?.from === undefined ? [] : [Date.parse(answer.period.from)];
  });
  const ends = computed.flatMap((answer) => {
    if (answer.period) return [Date.parse(answer.period.to)];
    const buckets = bucketStarts(answer);
    return buckets.length > 0 ? [Math.max(...buckets)] : [];
  });
  if (ends.length === 0) return { from: generatedAt.toISOString(), to: generatedAt.toISOString() };
  const to = Math.max(...ends);
  const from = starts.length > 0 ? Math.min(...starts) : to;
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/**
 * What the figures are pinned to (docs/features/measurements-and-analytics.md, reproducing a published number): the
 * instant their data was received until, in the document's time zone, the configuration position, and how to ask again.
 */
export const reproduceText = (pin: ReproductionPin, language: Language, timeZone: string) =>
  words[language].reproduce
    .replaceAll('{until}', instantText(pin.receivedUntil, language, timeZone))
    .replaceAll('{asOf}', pin.asOf)
    .replaceAll('{receivedUntil}', pin.receivedUntil);

/**
 * The dashboard as a PDF document: a title page, then each category's graphics in their grid's order. A table larger
 * than the page is cut, with a note and `dashboards.tableExceedsPdf` among the warnings
 * (docs/product/screens.md#dashboards_personal). Sent pinned (`reproduce`), its title page names the pin under the
 * generation time, once.
 */
export function dashboardPdf(
  dashboard: PersonalDashboardFields,
  answers: readonly GraphicAnswer[],
  context: { profile: string; language: Language; timeZone: string; generatedAt: Date; reproduce?: ReproductionPin },
) {
  const { language, timeZone, generatedAt, reproduce } = context;
  const warnings: CatalogueWarning[] = [];
  const content: Content[] = [
    titlePage({
      title: dashboard.name,
      subtitle: dashboard.categories.map((category) => category.name).join(' · '),
      profile: context.profile,
      window: { ...windowOf(answers, generatedAt), timeZone },
      generatedAt,
      language,
      ...(reproduce ? { note: reproduceText(reproduce, language, timeZone) } : {}),
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
