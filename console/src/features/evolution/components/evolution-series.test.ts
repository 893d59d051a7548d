import type { MetricSeries } from '@nq/contracts/analytics/query-result';
import { describe, expect, it } from 'vitest';
import { bucketFormatter, chartData, isEmpty, type Labels } from './evolution-series.ts';

const labels: Labels = {
  single: 'Download speed',
  value: (dimension, value) =>
    dimension === 'fringe' ? (['morning', 'afternoon', 'night'][Number(value)] ?? '') : String(value),
  bucket: (key) => String(key),
  movingAverage: (series) => `${series} · moving average (2)`,
  globalAverage: (series) => `${series} · global average`,
};

const series: MetricSeries[] = [
  {
    key: { isp: 'Movistar', fringe: 0 },
    buckets: [
      { key: '2026-01-02T00:00:00.000Z', count: 2, value: 20.12345 },
      { key: '2026-01-01T00:00:00.000Z', count: 1, value: 10 },
    ],
  },
  { key: { isp: 'Orange', fringe: 2 }, buckets: [{ key: '2026-01-01T00:00:00.000Z', count: 4, value: 5 }] },
];

describe('evolution chart data', () => {
  it('merges the series by bucket in time order, names them by their breakdown values, leaves gaps', () => {
    const rows = [
      { x: '2026-01-01T00:00:00.000Z', label: '2026-01-01T00:00:00.000Z', s0_value: 10, s1_value: 5 },
      { x: '2026-01-02T00:00:00.000Z', label: '2026-01-02T00:00:00.000Z', s0_value: 20.123, s1_value: null },
    ];
    expect(chartData(series, labels)).toEqual({
      lines: [
        { key: 's0_value', name: 'Movistar · morning', kind: 'value', series: 0 },
        { key: 's1_value', name: 'Orange · night', kind: 'value', series: 1 },
      ],
      rows,
      buckets: rows,
    });
  });

  it('names a series by the labels the answer gives its values (campaigns, probes…), the others as shown', () => {
    const named: MetricSeries[] = [
      {
        key: { campaign: '9e5e7a54-e3b6-4b6c-b73a-a37c414f2b28', probe: 'seville0', fringe: 0 },
        labels: { campaign: 'Seville drive', probe: 'Triana landline' },
        buckets: [{ key: '2026-01-01T00:00:00.000Z', count: 1, value: 10 }],
      },
    ];
    expect(chartData(named, labels).lines.map((line) => line.name)).toEqual([
      'Seville drive · Triana landline · morning',
    ]);
  });

  it('on a time axis, places buckets at their instants and breaks the lines where buckets are missing', () => {
    const days = ['2024-01-10', '2024-01-11', '2024-06-03', '2025-05-20'];
    const sparse: MetricSeries[] = [
      {
        key: {},
        globalAverage: 20,
        buckets: days.map((date, index) => ({ key: `${date}T00:00:00.000Z`, count: 1, value: 10 * (index + 1) })),
      },
    ];
    const { rows, buckets } = chartData(sparse, labels, { longestBucket: 25 * 3_600_000 });
    expect(buckets.map((row) => row.x)).toEqual(days.map((date) => Date.parse(date)));
    // Neighbouring days are joined; an empty row (the reference line still drawn) parts the others.
    expect(rows.map((row) => [row.s0_value, row.s0_globalAverage])).toEqual([
      [10, 20],
      [20, 20],
      [null, 20],
      [30, 20],
      [null, 20],
      [40, 20],
    ]);
    expect(rows[2]?.x).toBe((Date.parse('2024-01-11') + Date.parse('2024-06-03')) / 2);
  });

  it('draws each series’ moving average beside it, and its global average in every row', () => {
    const withLines: MetricSeries[] = [
      {
        key: { isp: 'Movistar', fringe: 0 },
        globalAverage: 15.06172,
        buckets: [
          { key: '2026-01-01T00:00:00.000Z', count: 1, value: 10, movingAverage: 10 },
          { key: '2026-01-02T00:00:00.000Z', count: 2, value: 20.12345, movingAverage: 15.06172 },
        ],
      },
      {
        key: { isp: 'Orange', fringe: 2 },
        globalAverage: 5,
        buckets: [{ key: '2026-01-01T00:00:00.000Z', count: 4, value: 5, movingAverage: 5 }],
      },
    ];
    const { lines, buckets } = chartData(withLines, labels);
    expect(lines.map((line) => line.name)).toEqual([
      'Movistar · morning',
      'Movistar · morning · moving average (2)',
      'Movistar · morning · global average',
      'Orange · night',
      'Orange · night · moving average (2)',
      'Orange · night · global average',
    ]);
    expect(buckets).toEqual([
      {
        x: '2026-01-01T00:00:00.000Z',
        label: '2026-01-01T00:00:00.000Z',
        s0_value: 10,
        s0_movingAverage: 10,
        s0_globalAverage: 15.062,
        s1_value: 5,
        s1_movingAverage: 5,
        s1_globalAverage: 5,
      },
      {
        x: '2026-01-02T00:00:00.000Z',
        label: '2026-01-02T00:00:00.000Z',
        s0_value: 20.123,
        s0_movingAverage: 15.062,
        s0_globalAverage: 15.062,
        // Orange has no bucket here: its own values leave a gap, its reference line goes on.
        s1_value: null,
        s1_movingAverage: null,
        s1_globalAverage: 5,
      },
    ]);
  });

  it('names a series without breakdowns after the KPI, and knows an empty answer', () => {
    expect(chartData([{ key: {}, buckets: [] }], labels).lines.map((line) => line.name)).toEqual(['Download speed']);
    expect(isEmpty([{ key: {}, buckets: [] }])).toBe(true);
    expect(isEmpty(series)).toBe(false);
  });

  it('formats buckets by granularity in the profile time zone', () => {
    const names = { weekday: (day: number) => `day ${day}`, all: 'All' };
    expect(bucketFormatter('year', 'en', 'Etc/UTC', names)('2026-01-01T00:00:00.000Z')).toBe('2026');
    expect(bucketFormatter('quarter', 'en', 'Etc/UTC', names)('2026-08-01T00:00:00.000Z')).toBe('Q3 2026');
    expect(bucketFormatter('weekday', 'en', 'Etc/UTC', names)(3)).toBe('day 3');
    expect(bucketFormatter('no_granularity', 'en', 'Etc/UTC', names)('all')).toBe('All');
    expect(bucketFormatter('hours', 'en', 'Europe/Madrid', names)('2026-01-01T00:00:00.000Z')).toContain('1:00');
  });
});
