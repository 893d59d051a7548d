import { describe, expect, it } from 'vitest';
import { withDisplay } from './chart-display.ts';

const format = (value: number) => value.toFixed(1);
const bars = {
  grid: { left: 16 },
  xAxis: { type: 'category', data: ['Movistar', 'Digi'], axisLabel: { color: 'grey' } },
  yAxis: { type: 'value' },
  series: [
    { id: 's0', type: 'bar', data: [10, 20] },
    {
      id: 's1',
      type: 'line',
      data: [
        [1, 5],
        [2, null],
      ],
    },
  ],
  dataZoom: [
    { type: 'inside', xAxisIndex: 0 },
    { type: 'slider', xAxisIndex: 0, height: 20, bottom: 12 },
  ],
};
type Drawn = {
  grid: Record<string, unknown>;
  xAxis: Record<string, unknown> & { axisLabel: Record<string, unknown> };
  yAxis: Record<string, unknown>;
  series: Record<string, unknown>[];
  dataZoom: Record<string, unknown>[];
};

describe('display options', () => {
  it('rotate the x axis ticks, bound the value axis and join lines over their gaps', () => {
    const drawn = withDisplay(bars, 'bars', { xAxisRotation: 45, minY: 5, maxY: 50, spanGaps: true }, format) as Drawn;
    expect(drawn.xAxis.axisLabel).toEqual({ color: 'grey', rotate: 45 });
    expect(drawn.grid).toEqual({ left: 16, bottom: 56 });
    expect(drawn.yAxis).toMatchObject({ min: 5, max: 50 });
    expect(drawn.series[1]).toMatchObject({ connectNulls: true });
    expect(drawn.series[0]).not.toHaveProperty('connectNulls');
  });

  it('write the values on the chart, rotated as asked', () => {
    const drawn = withDisplay(bars, 'bars', { showLabels: true, labelRotation: 90 }, format) as Drawn;
    type Label = { show: boolean; rotate: number; formatter: (p: object) => string };
    const [bar, line] = drawn.series.map((series) => series.label as Label);
    expect(bar).toMatchObject({ show: true, rotate: 90, position: 'top' });
    expect(bar?.formatter({ value: 12.34 })).toBe('12.3');
    expect(line?.formatter({ value: [1, 7] })).toBe('7.0');
  });

  it('lay a landscape chart on its side: the value axis across, the zoom down the side', () => {
    const drawn = withDisplay(bars, 'bars', { orientation: 'landscape' }, format) as Drawn;
    expect(drawn.xAxis).toMatchObject({ type: 'value' });
    expect(drawn.yAxis).toMatchObject({ type: 'category', inverse: true });
    expect(drawn.series[1]).toMatchObject({ encode: { x: 1, y: 0 } });
    expect(drawn.dataZoom).toEqual([
      { type: 'inside', yAxisIndex: 0 },
      { type: 'slider', yAxisIndex: 0, width: 20, right: 8, orient: 'vertical' },
    ]);
  });

  it('leave a chart without options as it was', () => {
    expect(withDisplay(bars, 'bars', {}, format)).toMatchObject({ ...bars, xAxis: { ...bars.xAxis } });
  });
});
