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
    expect(chartData(series, labels)).toEqual({
      categories: ['Movistar · morning', 'Orange · night'],
      rows: [
        { bucket: '2026-01-01T00:00:00.000Z', 'Movistar · morning': 10, 'Orange · night': 5 },
        { bucket: '2026-01-02T00:00:00.000Z', 'Movistar · morning': 20.123 },
      ],
    });
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
    expect(chartData(withLines, labels)).toEqual({
      categories: [
        'Movistar · morning',
        'Movistar · morning · moving average (2)',
        'Movistar · morning · global average',
        'Orange · night',
        'Orange · night · moving average (2)',
        'Orange · night · global average',
      ],
      rows: [
        {
          bucket: '2026-01-01T00:00:00.000Z',
          'Movistar · morning': 10,
          'Movistar · morning · moving average (2)': 10,
          'Movistar · morning · global average': 15.062,
          'Orange · night': 5,
          'Orange · night · moving average (2)': 5,
          'Orange · night · global average': 5,
        },
        {
          bucket: '2026-01-02T00:00:00.000Z',
          'Movistar · morning': 20.123,
          'Movistar · morning · moving average (2)': 15.062,
          'Movistar · morning · global average': 15.062,
          // Orange has no bucket here: its own values leave a gap, its reference line goes on.
          'Orange · night · global average': 5,
        },
      ],
    });
  });

  it('names a series without breakdowns after the KPI, and knows an empty answer', () => {
    expect(chartData([{ key: {}, buckets: [] }], labels).categories).toEqual(['Download speed']);
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
