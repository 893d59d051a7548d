import { seriesColour } from '@nq/contracts/analytics/series-colours';
import type { EChartsCoreOption } from 'echarts/core';
import type { LegendEntry } from './chart-colours.ts';
import type { ChangeMarker, ChartData, ChartSeries, ChartType } from './chart-model.ts';
import { axisLabels } from './chart-table.ts';
import { timeAxis } from './time-axis.ts';

/** What the option is drawn from: the component's props and state, and the texts it needs. */
export interface OptionInput {
  type: Exclude<ChartType, 'table'>;
  data: ChartData;
  /** Colours of the series, boxes and points by id (the legend's entries). */
  entries: readonly LegendEntry[];
  visible: (id: string) => boolean;
  format: (value: number) => string;
  unit?: string | undefined;
  /** Scatterplots and bubbles: what each axis plots. */
  axisNames?: { x: string; y: string } | undefined;
  markers?: readonly ChangeMarker[] | undefined;
  /** A small drawing alone (storyboard tiles): tight margins, a few ticks, no axis names, no zoom. */
  compact?: boolean | undefined;
  /** A dashboard tile: the generator's drawing in a small box, its time axis ticked as a small drawing's. */
  fitted?: boolean | undefined;
  /** Zoom by wheel and slider (default: unless compact); a dashboard tile's chart does not take the page's wheel. */
  zoomable?: boolean | undefined;
  stacked?: boolean | undefined;
  language: string;
  /** How wide the chart is drawn (px), once known: a time axis keeps to the ticks whose labels fit in it. */
  width?: number | undefined;
  /** A zoomed part of a time axis (ms): its ticks are placed within it. */
  zoomed?: [number, number] | undefined;
  /** A change marker's tooltip lines (plain text; escaped here). */
  markerLines: (marker: ChangeMarker) => string[];
  /** How an instant of a time axis without labels reads. */
  instant: (at: number) => string;
}

/** Up to this many buckets every point has its dot; beyond, only a point standing alone between gaps has one. */
const dotsUpTo = 60;
const gridColour = '#e5e7eb';
/** Points of one line beyond which it is sampled and drawn without dots. */
const densePoints = 2_000;
const textColour = '#6b7280';
const markerColour = '#4b5563';
/** About how much of a chart's width is not its time axis: the value axis' labels and the margins (px). */
const besideTimeAxis = { compact: 48, fitted: 72, full: 88 };

/**
 * The console's font (index.css), named rather than inherited: ECharts measures its labels in a canvas, where
 * `inherit` is no font, so that the browser measures them in its default 10 px font and the room left for the value
 * axis' labels is too narrow for the 12 px labels drawn ("700" cut to "/00").
 */
const chartFontFamily = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * A series' dot in a tooltip. ECharts' own marker is a span with a style attribute, which the console's content
 * security policy (style-src 'self') refuses; an SVG's fill is an attribute it allows.
 */
const dot = (colour: unknown) =>
  `<svg width="10" height="10" aria-hidden="true"><circle cx="5" cy="5" r="4" fill="${escapeHtml(String(colour))}"/></svg>`;

const dashes = { movingAverage: [6, 3], globalAverage: [2, 3] } as const;

/** The closest two instants' distance: a bucket's length when the data does not say it. */
const closest = (values: readonly number[]) =>
  values.slice(1).reduce((least, value, index) => Math.min(least, value - values[index]!), Number.POSITIVE_INFINITY);

function colourOf(entries: readonly LegendEntry[], id: string) {
  return entries.find((entry) => entry.id === id)?.colour ?? '#6b7280';
}

/** How a value series is drawn: its chart's type, or its own in a mix. */
const drawnAs = (type: OptionInput['type'], series: ChartSeries) =>
  series.kind && series.kind !== 'value' ? 'line' : type === 'mix' ? (series.drawAs ?? 'line') : type;

function valueAxis(input: OptionInput) {
  return {
    type: 'value',
    ...(input.unit && !input.compact
      ? { name: input.unit, nameLocation: 'middle', nameGap: 56, nameTextStyle: { color: '#4b5563' } }
      : {}),
    axisLabel: { color: textColour, formatter: (value: number) => input.format(value), hideOverlap: true },
    splitLine: { lineStyle: { color: gridColour } },
  };
}

/** Whether the chart zooms (the wheel over it and a slider below). */
const zooms = (input: OptionInput) => input.zoomable ?? !input.compact;

/** The plot's margins: ECharts shrinks the plot further so that the axes' labels and names, as measured, fit. */
function grid(input: OptionInput, zoomable: boolean) {
  if (input.compact)
    return { left: 4, right: 12, top: 8, bottom: 4, outerBounds: { left: 0, right: 0, top: 0, bottom: 4 } };
  // A dashboard tile keeps its few pixels for the axes' labels, every one of them inside its box.
  if (input.fitted)
    return { left: 8, right: 16, top: 16, bottom: 4, outerBounds: { left: 0, right: 0, top: 0, bottom: 4 } };
  return { left: 16, right: 24, top: input.markers?.length ? 28 : 16, bottom: zoomable ? 56 : 16 };
}

function tooltipHtml(header: string, rows: { colour: unknown; name: string; value: string }[]) {
  return [
    `<strong>${escapeHtml(header)}</strong>`,
    ...rows.map((row) => `${dot(row.colour)} ${escapeHtml(row.name)}: <strong>${escapeHtml(row.value)}</strong>`),
  ].join('<br/>');
}

/** The series drawn over a time or category axis: lines, areas, bars, their averages, and the change markers. */
function cartesian(input: OptionInput): EChartsCoreOption {
  const { data, type } = input;
  const axis = data.axis;
  const labels = axisLabels(axis, input.instant);
  const withUnit = (value: number) => `${input.format(value)}${input.unit ? ` ${input.unit}` : ''}`;
  const zoomable = zooms(input);
  const visibleSeries = data.series.filter((series) => input.visible(series.id));
  const gapAfter = new Set<number>();
  // Boxes stand on categories: a box per bucket, each named as the bucket reads.
  const isTime = axis.kind === 'time' && axis.values.length > 0 && type !== 'boxplot';
  let xAxis: Record<string, unknown>;
  if (isTime) {
    const bucketLength =
      axis.bucketLength ?? (Number.isFinite(closest(axis.values)) ? closest(axis.values) : 86_400_000);
    for (const [index, value] of axis.values.entries())
      if (index + 1 < axis.values.length && axis.values[index + 1]! - value > bucketLength) gapAfter.add(index);
    const ticks = timeAxis(axis.values, bucketLength, {
      language: input.language,
      timeZone: axis.timeZone,
      maxTicks: input.compact || input.fitted ? 4 : 10,
      width: input.width && input.width - besideTimeAxis[input.compact ? 'compact' : input.fitted ? 'fitted' : 'full'],
      overhang: input.compact || input.fitted ? 12 : 24,
      within: input.zoomed,
    });
    xAxis = {
      type: 'time',
      min: ticks.domain[0],
      max: ticks.domain[1],
      axisLine: { lineStyle: { color: '#d1d5db' } },
      axisTick: { show: false, customValues: ticks.ticks },
      axisLabel: {
        color: textColour,
        customValues: ticks.ticks,
        formatter: (value: number) => ticks.label(value),
        // ECharts writes a time axis' labels with the CSS `font` shorthand, where an `inherit` family is not valid: the
        // browser would drop the whole font and draw them at its default size, taller than the axis room.
        fontSize: 12,
        fontFamily: chartFontFamily,
        hideOverlap: true,
      },
      splitLine: { show: false },
    };
  } else {
    xAxis = {
      type: 'category',
      data: labels,
      axisLine: { lineStyle: { color: '#d1d5db' } },
      axisTick: { show: false },
      axisLabel: { color: textColour, hideOverlap: true },
    };
  }
  const dots = axis.values.length <= dotsUpTo;
  const pointsOf = (series: ChartSeries) => {
    if (!isTime) return series.values;
    const points: (number | null)[][] = [];
    for (const [index, value] of series.values.entries()) {
      points.push([axis.values[index] as number, value]);
      // A reference line goes on; a series' own values are not joined across missing buckets.
      if (gapAfter.has(index) && series.kind !== 'globalAverage')
        points.push([((axis.values[index] as number) + (axis.values[index + 1] as number)) / 2, null]);
    }
    return points;
  };
  const alone = (series: ChartSeries, index: number) =>
    series.values[index] !== null &&
    (series.values[index - 1] == null || gapAfter.has(index - 1)) &&
    (series.values[index + 1] == null || gapAfter.has(index));

  const series: Record<string, unknown>[] = [];
  if (type === 'boxplot') {
    for (const item of (data.boxes ?? []).filter((boxes) => input.visible(boxes.id))) {
      const colour = colourOf(input.entries, item.id);
      series.push({
        id: item.id,
        type: 'boxplot',
        name: item.name,
        data: item.boxes.map((box) => box ?? []),
        itemStyle: { color: `${colour}33`, borderColor: colour },
      });
    }
  } else
    for (const item of visibleSeries) {
      const colour = colourOf(input.entries, item.id);
      const as = drawnAs(type, item);
      const common = { id: item.id, name: item.name, data: pointsOf(item), animation: false };
      if (as === 'bars')
        series.push({
          ...common,
          type: 'bar',
          barMaxWidth: 24,
          itemStyle: { color: colour },
          ...(input.stacked ? { stack: 'values' } : {}),
        });
      else {
        const average = item.kind === 'movingAverage' || item.kind === 'globalAverage';
        // Only the value points count: the gaps' empty points between them have no dot.
        const valueIndex = new Map<number, number>();
        if (isTime) {
          let drawnIndex = 0;
          for (const index of item.values.keys()) {
            valueIndex.set(drawnIndex++, index);
            if (gapAfter.has(index) && item.kind !== 'globalAverage') drawnIndex++;
          }
        }
        // Past a few thousand points a line is thinned to what the pixels can show (largest-triangle sampling) and
        // draws no dots: tens of thousands of SVG elements would freeze the page.
        const dense = item.values.length > densePoints;
        series.push({
          ...common,
          type: 'line',
          connectNulls: false,
          showSymbol: !average && !dense,
          ...(dense ? { sampling: 'lttb' } : {}),
          symbol: 'circle',
          symbolSize: average
            ? 0
            : (_: unknown, params: { dataIndex: number }) => {
                const index = isTime ? valueIndex.get(params.dataIndex) : params.dataIndex;
                return index !== undefined && (dots || alone(item, index)) ? 6 : 0;
              },
          itemStyle: { color: colour, borderColor: '#fff', borderWidth: 1 },
          lineStyle: average
            ? { color: colour, width: 1.5, type: dashes[item.kind as keyof typeof dashes] }
            : { color: colour, width: 2 },
          ...(as === 'area' ? { areaStyle: { color: colour, opacity: 0.15 } } : {}),
          ...(input.stacked && as === 'area' ? { stack: 'values' } : {}),
        });
      }
    }
  const markers = isTime && !input.compact ? (input.markers ?? []) : [];
  if (markers.length > 0)
    series.push({
      id: 'change-markers',
      type: 'line',
      name: '',
      data: [],
      markLine: {
        symbol: ['none', 'circle'],
        symbolSize: 8,
        silent: false,
        animation: false,
        lineStyle: { color: markerColour, type: 'solid', width: 1.5 },
        emphasis: { lineStyle: { width: 3 } },
        label: { show: false },
        tooltip: {
          trigger: 'item',
          formatter: (params: { dataIndex: number }) => {
            const marker = markers[params.dataIndex];
            return marker ? input.markerLines(marker).map(escapeHtml).join('<br/>') : '';
          },
        },
        data: markers.map((marker) => ({ xAxis: Date.parse(marker.at), name: marker.entityName })),
      },
    });

  const timeLabel = new Map(isTime ? axis.values.map((value, index) => [value, labels[index]]) : []);
  return {
    grid: grid(input, zoomable),
    xAxis,
    yAxis: valueAxis(input),
    series,
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: { axisValue: number | string; color: unknown; seriesName: string; value: unknown }[]) => {
        const first = params[0];
        if (!first) return '';
        const header = isTime
          ? (timeLabel.get(Number(first.axisValue)) ?? input.instant(Number(first.axisValue)))
          : String(first.axisValue);
        const rows = params.flatMap((param) => {
          const value = Array.isArray(param.value) ? param.value : [param.value];
          if (type === 'boxplot') {
            const [min, q1, median, q3, max] = (value as number[]).slice(-5);
            if (min === undefined) return [];
            return [
              {
                colour: param.color,
                name: param.seriesName,
                value: [min, q1, median, q3, max].map((part) => withUnit(Number(part))).join(' · '),
              },
            ];
          }
          const number = value.at(-1);
          return typeof number === 'number'
            ? [{ colour: param.color, name: param.seriesName, value: withUnit(number) }]
            : [];
        });
        return tooltipHtml(header, rows);
      },
    },
    ...(zoomable
      ? {
          dataZoom: [
            { type: 'inside', xAxisIndex: 0, filterMode: 'none' },
            {
              type: 'slider',
              xAxisIndex: 0,
              filterMode: 'none',
              height: 20,
              bottom: 12,
              labelFormatter: (value: number, text: string) =>
                isTime ? input.instant(value) : (labels[value] ?? text),
            },
          ],
        }
      : {}),
  };
}

function pie(input: OptionInput): EChartsCoreOption {
  const values = input.data.series.filter((series) => (series.kind ?? 'value') === 'value' && input.visible(series.id));
  const categories = axisLabels(input.data.axis, input.instant);
  const only = values.length === 1 ? values[0] : undefined;
  const entities = input.data.axis.kind === 'category' ? input.data.axis.entities : undefined;
  // One series over several categories: a slice per category, in the colour of what it stands for (a provider's…);
  // otherwise a slice per series (its first value).
  const slices =
    only && categories.length > 1
      ? only.values.map((value, index) => ({
          name: categories[index] ?? '',
          value,
          itemStyle: { color: seriesColour(entities?.[index], categories[index] ?? '') },
        }))
      : values.map((series) => ({
          name: series.name,
          value: series.values.find((value) => value !== null) ?? null,
          itemStyle: { color: colourOf(input.entries, series.id) },
        }));
  return {
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: { name: string; value: number; percent: number; color: unknown }) =>
        `${dot(params.color)} ${escapeHtml(params.name)}: <strong>${escapeHtml(input.format(params.value))}${input.unit ? ` ${escapeHtml(input.unit)}` : ''}</strong> (${escapeHtml(input.format(params.percent))} %)`,
    },
    series: [
      {
        type: 'pie',
        animation: false,
        radius: input.compact ? '80%' : ['35%', '70%'],
        label: { show: !input.compact, color: '#374151' },
        data: slices.filter((slice) => slice.value !== null),
      },
    ],
  };
}

function radar(input: OptionInput): EChartsCoreOption {
  const values = input.data.series.filter((series) => input.visible(series.id));
  const categories = axisLabels(input.data.axis, input.instant);
  const highest = Math.max(...values.flatMap((series) => series.values.filter((value) => value !== null)), 0);
  return {
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: { name: string; color: unknown; value: number[] }) =>
        [
          `${dot(params.color)} <strong>${escapeHtml(params.name)}</strong>`,
          ...params.value.map(
            (value, index) => `${escapeHtml(categories[index] ?? '')}: ${escapeHtml(input.format(value))}`,
          ),
        ].join('<br/>'),
    },
    radar: {
      radius: input.compact ? '70%' : '65%',
      indicator: categories.map((name) => ({ name, max: highest > 0 ? highest * 1.1 : 1 })),
      axisName: { color: '#374151', show: !input.compact },
    },
    series: [
      {
        type: 'radar',
        animation: false,
        data: values.map((series) => {
          const colour = colourOf(input.entries, series.id);
          const dashed = series.kind && series.kind !== 'value' ? dashes[series.kind] : undefined;
          return {
            name: series.name,
            value: series.values.map((value) => value ?? 0),
            itemStyle: { color: colour },
            lineStyle: { color: colour, ...(dashed ? { type: dashed } : {}) },
            ...(dashed ? {} : { areaStyle: { color: colour, opacity: 0.1 } }),
          };
        }),
      },
    ],
  };
}

function scatter(input: OptionInput): EChartsCoreOption {
  const sets = (input.data.points ?? []).filter((set) => input.visible(set.id));
  const largest = Math.max(...sets.flatMap((set) => set.points.map((point) => Math.abs(point.size ?? 0))), 0);
  const size = (value: number) => (largest > 0 ? 6 + 34 * Math.sqrt(Math.abs(value) / largest) : 10);
  const names = input.compact ? undefined : input.axisNames;
  const axisName = { nameLocation: 'middle', nameTextStyle: { color: markerColour, fontSize: 12 } };
  return {
    grid: names ? { ...grid(input, true), left: 24, bottom: zooms(input) ? 84 : 48 } : grid(input, zooms(input)),
    xAxis: {
      ...valueAxis({ ...input, unit: undefined }),
      scale: true,
      ...(names ? { ...axisName, name: names.x, nameGap: 28 } : {}),
    },
    yAxis: {
      ...valueAxis(names ? { ...input, unit: undefined } : input),
      scale: true,
      ...(names ? { ...axisName, name: names.y, nameGap: 56 } : {}),
    },
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: { seriesName: string; color: unknown; value: [number, number, number, string] }) => {
        const [x, y, bubble, label] = params.value;
        return [
          `${dot(params.color)} ${escapeHtml(params.seriesName)}${label ? ` · ${escapeHtml(label)}` : ''}`,
          `${escapeHtml(input.format(x))}, ${escapeHtml(input.format(y))}${input.type === 'bubbles' ? ` · ${escapeHtml(input.format(bubble))}` : ''}`,
        ].join('<br/>');
      },
    },
    series: sets.map((set) => {
      const colour = colourOf(input.entries, set.id);
      return {
        id: set.id,
        type: 'scatter',
        name: set.name,
        animation: false,
        data: set.points.map((point) => [point.x, point.y, point.size ?? 0, point.label ?? '']),
        symbolSize: input.type === 'bubbles' ? (value: number[]) => size(value[2] ?? 0) : 8,
        itemStyle: { color: colour, opacity: input.type === 'bubbles' ? 0.6 : 0.8 },
      };
    }),
    ...(zooms(input)
      ? {
          dataZoom: [
            { type: 'inside', xAxisIndex: 0, filterMode: 'none' },
            { type: 'inside', yAxisIndex: 0, filterMode: 'none' },
            { type: 'slider', xAxisIndex: 0, filterMode: 'none', height: 20, bottom: names ? 8 : 12 },
          ],
        }
      : {}),
  };
}

/** The ECharts option that draws the chart: the same one on screen and in the exported PNG and SVG. */
export function chartOption(input: OptionInput): EChartsCoreOption {
  const drawn =
    input.type === 'pie'
      ? pie(input)
      : input.type === 'radar'
        ? radar(input)
        : input.type === 'scatterplot' || input.type === 'bubbles'
          ? scatter(input)
          : cartesian(input);
  return {
    animation: false,
    backgroundColor: '#ffffff',
    textStyle: { fontFamily: chartFontFamily, fontSize: 12 },
    ...drawn,
  };
}
