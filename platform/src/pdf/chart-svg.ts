import type { ChartData, ChartEntity, ChartSeries } from '@nq/contracts/analytics/chart-data';
import { seriesColour } from '@nq/contracts/analytics/series-colours';
import { init, use } from 'echarts/core';
import { install as barChart } from 'echarts/lib/chart/bar/install.js';
import { install as boxplotChart } from 'echarts/lib/chart/boxplot/install.js';
import { install as lineChart } from 'echarts/lib/chart/line/install.js';
import { install as scatterChart } from 'echarts/lib/chart/scatter/install.js';
import { install as grid } from 'echarts/lib/component/grid/installSimple.js';
import { install as legend } from 'echarts/lib/component/legend/installLegendPlain.js';
import { install as svgRenderer } from 'echarts/lib/renderer/installSVGRenderer.js';

// Each part from its own module: 'echarts/charts' and 'echarts/components' load every chart and component ECharts
// has (Node does not shake them off as the console's bundler does), some 40 MB of a process's memory for nothing.
use([barChart, lineChart, boxplotChart, scatterChart, grid, legend, svgRenderer]);

/**
 * The chart types a PDF draws: the ones a report's time and category charts use, boxes per category (the chart
 * data's `boxes`) and points of two values (its `points`).
 */
export type PdfChartType = 'bars' | 'line' | 'area' | 'mix' | 'boxplot' | 'scatter';

/** A chart of the console's chart model, drawn in a PDF. */
export interface PdfChart {
  title: string;
  type: PdfChartType;
  data: ChartData;
  /** The value axis' title (the KPI's unit; a scatter's y KPI and unit). */
  unit?: string;
  /** A scatter's x axis title (its x KPI and unit). */
  xName?: string;
  /** How values are written on the value axes: with the decimals the axis' step needs, the same on every label. */
  format?: (value: number, decimals: number) => string;
  stacked?: boolean;
}

export interface SvgSize {
  width: number;
  height: number;
}

type Coloured = { name: string; entity?: ChartEntity; colourOf?: number };

/** Averages take their series' colour; the other series their entity's, as on screen (`seriesColour`). */
function coloursOf(series: readonly Coloured[]): string[] {
  const own = (item: Coloured) => seriesColour(item.entity, item.name);
  return series.map((item) => {
    const followed = item.colourOf === undefined ? undefined : series[item.colourOf];
    return own(followed ?? item);
  });
}

/** A '#rrggbb' colour as rgba with the given opacity. */
function translucent(colour: string, opacity: number) {
  const [red, green, blue] = [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16));
  return `rgba(${red},${green},${blue},${opacity})`;
}

/** The x values as they read: categories as they are, instants by their labels or as ISO days. */
const axisLabels = ({ axis }: ChartData) =>
  axis.kind === 'category'
    ? axis.values
    : axis.values.map((value, index) => axis.labels?.[index] ?? new Date(value).toISOString().slice(0, 10));

const isAverage = (series: ChartSeries) => series.kind === 'movingAverage' || series.kind === 'globalAverage';

function seriesOption(chart: PdfChart, series: ChartSeries, colour: string) {
  const drawAs = chart.type === 'mix' ? (series.drawAs ?? 'line') : chart.type;
  const average = isAverage(series);
  const stack = chart.stacked && !average ? 'total' : undefined;
  if (drawAs === 'bars' && !average)
    return { type: 'bar', name: series.name, data: series.values, itemStyle: { color: colour }, stack };
  return {
    type: 'line',
    name: series.name,
    data: series.values,
    stack,
    connectNulls: false,
    showSymbol: series.values.length <= 40,
    symbolSize: 4,
    lineStyle: { color: colour, width: average ? 1 : 1.5, type: average ? 'dashed' : 'solid' },
    itemStyle: { color: colour },
    ...(drawAs === 'area' && !average ? { areaStyle: { color: colour, opacity: 0.25 } } : {}),
  };
}

/** The values a chart's value axis spans (a stacked chart's sums), and a scatter's x values. */
function extentValues(chart: PdfChart): { y: number[]; x: number[] } {
  const { series, boxes = [], points = [] } = chart.data;
  if (chart.type === 'boxplot') return { y: boxes.flatMap((item) => item.boxes.flatMap((box) => box ?? [])), x: [] };
  if (chart.type === 'scatter')
    return {
      y: points.flatMap((item) => item.points.map((point) => point.y)),
      x: points.flatMap((item) => item.points.map((point) => point.x)),
    };
  const values = series.flatMap((item) => item.values.filter((value): value is number => value !== null));
  if (!chart.stacked) return { y: values, x: [] };
  const sums = chart.data.axis.values.map((_, index) =>
    series.filter((item) => !isAverage(item)).reduce((sum, item) => sum + (item.values[index] ?? 0), 0),
  );
  return { y: [...values, ...sums], x: [] };
}

/** 1, 2 or 5 times a power of ten: the step nearest above `rough`. */
function roundStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= rough * 0.999) ?? 10;
  return step * power;
}

/**
 * An axis' bounds and step, chosen here rather than by ECharts so that the labels' decimals are known: the step's,
 * the same on every label (0, 0.5, 1.0… would otherwise read 0, 0.5, 1). From zero unless `scaled`.
 */
export function valueScale(values: number[], scaled: boolean) {
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const value of values)
    if (Number.isFinite(value)) {
      low = Math.min(low, value);
      high = Math.max(high, value);
    }
  if (low > high) return undefined;
  if (!scaled) {
    low = Math.min(0, low);
    high = Math.max(0, high);
  }
  if (high === low) high = low + (Math.abs(low) || 1);
  const step = roundStep((high - low) / 5);
  const decimals = Math.min(6, Math.max(0, -Math.floor(Math.log10(step) + 1e-9)));
  const fixed = (value: number) => Number(value.toFixed(decimals));
  return {
    min: fixed(Math.floor(low / step + 1e-9) * step),
    max: fixed(Math.ceil(high / step - 1e-9) * step),
    interval: fixed(step),
    decimals,
  };
}

function valueAxis(chart: PdfChart, values: number[], name: string | undefined, scaled: boolean) {
  const scale = valueScale(values, scaled);
  const format = chart.format ?? ((value: number, decimals: number) => value.toFixed(decimals));
  return {
    type: 'value',
    name,
    nameTextStyle: { fontSize: 8, align: 'left' },
    ...(scale ? { min: scale.min, max: scale.max, interval: scale.interval } : {}),
    axisLabel: { fontSize: 8, formatter: (value: number) => format(value, scale?.decimals ?? 0) },
    splitLine: { lineStyle: { color: '#e5e7eb' } },
  };
}

function plotOption(chart: PdfChart) {
  const extent = extentValues(chart);
  if (chart.type === 'scatter') {
    const points = chart.data.points ?? [];
    const colours = coloursOf(points);
    return {
      xAxis: {
        ...valueAxis(chart, extent.x, chart.xName, true),
        nameLocation: 'middle',
        nameGap: 18,
        nameTextStyle: { fontSize: 8 },
      },
      yAxis: valueAxis(chart, extent.y, chart.unit, true),
      series: points.map((item, index) => ({
        type: 'scatter',
        name: item.name,
        data: item.points.map((point) => [point.x, point.y]),
        symbolSize: 3,
        itemStyle: { color: colours[index], opacity: 0.6 },
      })),
    };
  }
  const category = {
    type: 'category',
    data: axisLabels(chart.data),
    boundaryGap: chart.type === 'bars' || chart.type === 'mix' || chart.type === 'boxplot',
    axisLabel: { fontSize: 8, hideOverlap: true },
  };
  if (chart.type === 'boxplot') {
    const boxes = chart.data.boxes ?? [];
    const colours = coloursOf(boxes);
    return {
      xAxis: category,
      yAxis: valueAxis(chart, extent.y, chart.unit, false),
      series: boxes.map((item, index) => ({
        type: 'boxplot',
        name: item.name,
        data: item.boxes.map((box) => box ?? []),
        // A translucent fill as rgba: the PDF's SVG reader takes an eight-digit hex colour for black.
        itemStyle: { color: translucent(colours[index]!, 0.2), borderColor: colours[index], borderWidth: 1 },
      })),
    };
  }
  const colours = coloursOf(chart.data.series);
  return {
    xAxis: category,
    yAxis: valueAxis(chart, extent.y, chart.unit, false),
    series: chart.data.series.map((series, index) => seriesOption(chart, series, colours[index]!)),
  };
}

/**
 * Draws a chart as SVG with ECharts' server-side renderer (no DOM): paths and text, which a PDF keeps as vector
 * graphics. The title is left to the document, which writes it as text.
 */
export function chartSvg(chart: PdfChart, { width, height }: SvgSize): string {
  const instance = init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    instance.setOption({
      animation: false,
      textStyle: { fontFamily: 'Roboto', fontSize: 9 },
      grid: { left: 8, right: 16, top: chart.unit ? 24 : 12, bottom: chart.xName ? 52 : 36 },
      legend: { bottom: 0, type: 'plain', itemWidth: 14, itemHeight: 8, textStyle: { fontSize: 8 } },
      ...plotOption(chart),
    });
    return instance.renderToSVGString();
  } finally {
    // The instance keeps a frame timer alive until disposed.
    instance.dispose();
  }
}
