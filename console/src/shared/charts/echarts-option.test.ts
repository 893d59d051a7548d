import { describe, expect, it } from 'vitest';
import type { ChartData } from './chart-model.ts';
import { chartOption, type OptionInput } from './echarts-option.ts';
import { pointAxisNames } from './graphic-labels.ts';

const catalogue = [
  { id: 'download', label: 'Download speed', unit: 'Mbps' },
  { id: 'latency', label: 'Latency', unit: 'ms' },
];
const points: ChartData = {
  axis: { kind: 'category', values: [] },
  series: [],
  points: [{ id: 'p0', name: 'All measurements', points: [{ x: 120, y: 18 }] }],
};
const input = (overrides: Partial<OptionInput>): OptionInput => ({
  type: 'scatterplot',
  data: points,
  entries: [{ id: 'p0', name: 'All measurements', colour: '#2563eb', kind: 'value', ownColour: true }],
  visible: () => true,
  format: String,
  language: 'en',
  markerLines: () => [],
  instant: String,
  ...overrides,
});
const axis = (option: Record<string, unknown>, which: 'xAxis' | 'yAxis') => option[which] as Record<string, unknown>;

describe('chart option', () => {
  it("names a scatterplot's axes after the fields they plot, with their units", () => {
    const names = pointAxisNames({ graphicType: 'scatterplot', axes: { x: 'download', y: 'latency' } }, catalogue);
    expect(names).toEqual({ x: 'Download speed (Mbps)', y: 'Latency (ms)' });
    const option = chartOption(input({ axisNames: names })) as Record<string, unknown>;
    expect(axis(option, 'xAxis').name).toBe('Download speed (Mbps)');
    expect(axis(option, 'yAxis').name).toBe('Latency (ms)');
    expect(pointAxisNames({ graphicType: 'line', kpi: 'latency' } as never, catalogue)).toBeUndefined();
  });

  it('spreads day-month ticks over six weeks of days in a small tile as wide as it is drawn', () => {
    const days = Array.from({ length: 45 }, (_, index) => Date.parse('2026-10-20T00:00:00Z') + index * 86_400_000);
    const option = chartOption(
      input({
        type: 'line',
        compact: true,
        width: 320,
        data: {
          axis: { kind: 'time', values: days, timeZone: 'Etc/UTC' },
          series: [{ id: 's0', name: 'Latency', values: days.map(() => 20) }],
        },
        entries: [{ id: 's0', name: 'Latency', colour: '#2563eb', kind: 'value', ownColour: true }],
      }),
    ) as Record<string, unknown>;
    const label = axis(option, 'xAxis').axisLabel as {
      customValues: number[];
      formatter: (value: number) => string;
      fontSize: number;
      fontFamily: string;
    };
    expect(label.customValues.map(label.formatter)).toEqual(['Nov 2', 'Nov 16', 'Nov 30']);
    // Written as a CSS `font` shorthand, where `inherit` would make the browser drop the font (and its size).
    expect(label.fontSize).toBe(12);
    expect(label.fontFamily).not.toContain('inherit');
  });
});
