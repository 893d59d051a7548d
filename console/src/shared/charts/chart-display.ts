import type { ChartType } from '@nq/contracts/analytics/chart-data';
import type { DisplayOptions } from '@nq/contracts/analytics/graphic-display';
import type { EChartsCoreOption } from 'echarts/core';

/**
 * Graphic display options a chart is drawn with (the generators' and dashboards' graphics;
 * docs/product/entities.md#graphic-display-options): orientation, axis and value-text rotation, the value axis'
 * bounds, lines joined over gaps, values shown on the chart, the legend and the series colours. The distribution
 * (stacked) and transpose are the chart's `stacked` and the data's own.
 */
export type ChartDisplay = Partial<
  Pick<
    DisplayOptions,
    | 'orientation'
    | 'labelRotation'
    | 'xAxisRotation'
    | 'minY'
    | 'maxY'
    | 'spanGaps'
    | 'showLabels'
    | 'showLegend'
    | 'colours'
  >
>;

type Options = Record<string, unknown>;
const cartesianTypes: ReadonlySet<ChartType> = new Set(['bars', 'line', 'area', 'mix', 'boxplot']);

const asOptions = (value: unknown): Options => (value && typeof value === 'object' ? (value as Options) : {});

/** A landscape chart: the value axis across, the categories or instants down (bars grow sideways). */
function landscape(option: Options): Options {
  const series = (option.series as Options[] | undefined)?.map((item) =>
    // Points over a time axis are [instant, value]: `encode` reads them the other way round, so tooltips stay as they are.
    Array.isArray((item.data as unknown[] | undefined)?.[0]) && item.type !== 'boxplot'
      ? { ...item, encode: { x: 1, y: 0 } }
      : item,
  );
  const dataZoom = (option.dataZoom as Options[] | undefined)?.map((zoom) => {
    const { xAxisIndex, height, bottom, ...rest } = zoom;
    return zoom.type === 'slider'
      ? { ...rest, yAxisIndex: xAxisIndex ?? 0, width: 20, right: 8, orient: 'vertical' }
      : { ...rest, yAxisIndex: xAxisIndex ?? 0 };
  });
  const grid = asOptions(option.grid);
  return {
    ...option,
    xAxis: option.yAxis,
    yAxis: { ...asOptions(option.xAxis), inverse: true },
    series,
    ...(dataZoom ? { dataZoom } : {}),
    grid: { ...grid, right: 64, bottom: 24 },
    tooltip: { ...asOptions(option.tooltip), axisPointer: { axis: 'y' } },
  };
}

/** The chart's option with the display options applied. */
export function withDisplay(
  option: EChartsCoreOption,
  type: ChartType,
  display: ChartDisplay,
  format: (value: number) => string,
): EChartsCoreOption {
  let drawn: Options = { ...option };
  const cartesian = cartesianTypes.has(type);
  const series = (drawn.series as Options[] | undefined) ?? [];
  drawn.series = series.map((item) => {
    const next: Options = { ...item };
    if (display.spanGaps && item.type === 'line') next.connectNulls = true;
    if (display.showLabels && (item.type === 'bar' || item.type === 'line'))
      next.label = {
        show: true,
        position: display.orientation === 'landscape' && item.type === 'bar' ? 'right' : 'top',
        rotate: display.labelRotation ?? 0,
        color: '#374151',
        formatter: (params: { value: unknown }) => {
          const value = Array.isArray(params.value) ? params.value.at(-1) : params.value;
          return typeof value === 'number' ? format(value) : '';
        },
      };
    if (display.showLabels && item.type === 'pie')
      next.label = {
        ...asOptions(item.label),
        formatter: (params: { name: string; value: number }) => `${params.name}: ${format(params.value)}`,
      };
    return next;
  });
  if (cartesian || type === 'scatterplot' || type === 'bubbles') {
    const xAxis = asOptions(drawn.xAxis);
    drawn.xAxis = {
      ...xAxis,
      axisLabel: { ...asOptions(xAxis.axisLabel), rotate: display.xAxisRotation ?? 0 },
    };
    // Turned ticks reach below the axis: the grid leaves them room above the zoom slider.
    const grid = asOptions(drawn.grid);
    if (display.xAxisRotation)
      drawn.grid = { ...grid, bottom: Number(grid.bottom ?? 16) + (display.xAxisRotation === 90 ? 64 : 40) };
    drawn.yAxis = {
      ...asOptions(drawn.yAxis),
      ...(display.minY === undefined ? {} : { min: display.minY }),
      ...(display.maxY === undefined ? {} : { max: display.maxY }),
    };
  }
  if (cartesian && display.orientation === 'landscape') drawn = landscape(drawn);
  return drawn;
}
