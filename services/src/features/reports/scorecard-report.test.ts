import type { MetricSeries } from '@nq/contracts';
import { chartSvg } from '@nq/platform/pdf/chart-svg';
import { describe, expect, it } from 'vitest';
import { drilldownChartData } from './scorecard-report.ts';

const daily = (provider: string, value: number): MetricSeries => ({
  key: { provider },
  buckets: [
    { key: '2026-10-05T00:00:00.000Z', count: 1, value },
    { key: '2026-10-06T00:00:00.000Z', count: 1, value: value + 1 },
  ],
});

describe('the scorecard report', () => {
  it("draws each compared provider's line in the colour configured for it, as the drilldown screen does", () => {
    const names = new Map([
      ['p-orange', 'Orange'],
      ['p-digi', 'Digi'],
    ]);
    const colours = new Map([
      ['p-orange', '#ff7900'],
      ['p-digi', '#1e3a8a'],
    ]);
    const series = [daily('p-digi', 30), daily('p-orange', 20)];
    const data = drilldownChartData(series, 'provider', { names, colours }, 'en', 'Europe/Madrid');
    const svg = chartSvg({ title: 'Download', type: 'line', data }, { width: 400, height: 200 });
    const drawn = Object.fromEntries(
      [...svg.matchAll(/stroke="(#[0-9a-f]{6})" ecmeta_series_index="(\d+)"/g)].map(([, colour, index]) => [
        data.series[Number(index)]!.name,
        colour,
      ]),
    );
    expect(drawn).toEqual({ Digi: '#1e3a8a', Orange: '#ff7900' });
  });
});
