import { type ChartData, type ChartSeries, defaultChartColours } from '@nq/contracts/analytics/chart-data';
import { init, use } from 'echarts/core';
import { install as barChart } from 'echarts/lib/chart/bar/install.js';
import { install as lineChart } from 'echarts/lib/chart/line/install.js';
import { install as grid } from 'echarts/lib/component/grid/installSimple.js';
import { install as legend } from 'echarts/lib/component/legend/installLegendPlain.js';
import { install as svgRenderer } from 'echarts/lib/renderer/installSVGRenderer.js';

// Each part from its own module: 'echarts/charts' and 'echarts/components' load every chart and component ECharts
// has (Node does not shake them off as the console's bundler does), some 40 MB of a process's memory for nothing.
use([barChart, lineChart, grid, legend, svgRenderer]);

/** The chart types a PDF draws: the ones a report's time and category charts use. */
export type PdfChartType = 'bars' | 'line' | 'area' | 'mix';

/** A chart of the console's chart model, drawn in a PDF. */
export interface PdfChart {
  title: string;
  type: PdfChartType;
  data: ChartData;
  /** The value axis' title (the KPI's unit). */
  unit?: string;
  /** How values are written on the value axis. */
  format?: (value: number) => string;
  stacked?: boolean;
}

export interface SvgSize {
  width: number;
  height: number;
}

/** Averages take their series' colour; the other series the default colours in turn (as in the console). */
function coloursOf(series: ChartSeries[]): string[] {
  let next = 0;
  const own = series.map((item) =>
    item.colourOf === undefined ? defaultChartColours[next++ % defaultChartColours.length]! : undefined,
  );
  return series.map((item, index) => own[index] ?? own[item.colourOf!] ?? defaultChartColours[0]);
}

/** The x values as they read: categories as they are, instants by their labels or as ISO days. */
const axisLabels = ({ axis }: ChartData) =>
  axis.kind === 'category'
    ? axis.values
    : axis.values.map((value, index) => axis.labels?.[index] ?? new Date(value).toISOString().slice(0, 10));

function seriesOption(chart: PdfChart, series: ChartSeries, colour: string) {
  const drawAs = chart.type === 'mix' ? (series.drawAs ?? 'line') : chart.type;
  const isAverage = series.kind === 'movingAverage' || series.kind === 'globalAverage';
  const stack = chart.stacked && !isAverage ? 'total' : undefined;
  if (drawAs === 'bars' && !isAverage)
    return { type: 'bar', name: series.name, data: series.values, itemStyle: { color: colour }, stack };
  return {
    type: 'line',
    name: series.name,
    data: series.values,
    stack,
    connectNulls: false,
    showSymbol: series.values.length <= 40,
    symbolSize: 4,
    lineStyle: { color: colour, width: isAverage ? 1 : 1.5, type: isAverage ? 'dashed' : 'solid' },
    itemStyle: { color: colour },
    ...(drawAs === 'area' && !isAverage ? { areaStyle: { color: colour, opacity: 0.25 } } : {}),
  };
}

/**
 * Draws a chart as SVG with ECharts' server-side renderer (no DOM): paths and text, which a PDF keeps as vector
 * graphics. The title is left to the document, which writes it as text.
 */
export function chartSvg(chart: PdfChart, { width, height }: SvgSize): string {
  const colours = coloursOf(chart.data.series);
  const instance = init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    instance.setOption({
      animation: false,
      textStyle: { fontFamily: 'Roboto', fontSize: 9 },
      grid: { left: 8, right: 16, top: chart.unit ? 24 : 12, bottom: 36 },
      legend: { bottom: 0, type: 'plain', itemWidth: 14, itemHeight: 8, textStyle: { fontSize: 8 } },
      xAxis: {
        type: 'category',
        data: axisLabels(chart.data),
        boundaryGap: chart.type === 'bars' || chart.type === 'mix',
        axisLabel: { fontSize: 8, hideOverlap: true },
      },
      yAxis: {
        type: 'value',
        name: chart.unit,
        nameTextStyle: { fontSize: 8, align: 'left' },
        axisLabel: { fontSize: 8, ...(chart.format ? { formatter: chart.format } : {}) },
        splitLine: { lineStyle: { color: '#e5e7eb' } },
      },
      series: chart.data.series.map((series, index) => seriesOption(chart, series, colours[index]!)),
    });
    return instance.renderToSVGString();
  } finally {
    // The instance keeps a frame timer alive until disposed.
    instance.dispose();
  }
}
