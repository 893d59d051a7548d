import { displayOptionsSchema } from '@nq/contracts/analytics/graphic-display';
import type { GraphicResponse, MetricSeries } from '@nq/contracts/analytics/query-result';
import { describe, expect, it } from 'vitest';
import { chartDataOf, type GraphicLabels, isEmptyGraphic } from './graphic-data.ts';
import { bucketFormatter } from './graphic-labels.ts';
import { longestBucket } from './time-axis.ts';

const labels: GraphicLabels = {
  single: 'Download speed',
  value: (dimension, value) =>
    dimension === 'fringe' ? (['morning', 'afternoon', 'night'][Number(value)] ?? '') : String(value),
  bucket: (key) => `bucket ${key}`,
  movingAverage: (series) => `${series} · moving average (2)`,
  globalAverage: (series) => `${series} · global average`,
};

const metric = (series: MetricSeries[]): GraphicResponse => ({ kind: 'metric', metric: 'avg', series, warnings: [] });

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

describe('chart data of a graphic answer', () => {
  it('swaps series and axis values when the display options ask to transpose', () => {
    const display = displayOptionsSchema.parse({ transpose: true });
    const answer: GraphicResponse = { ...metric(series), display: { ...display, graphicType: 'bars' } };
    expect(chartDataOf(answer, { ...labels, granularity: 'day' })).toEqual({
      // The series become the categories, each still standing for its breakdown values; instants stand for none.
      axis: {
        kind: 'category',
        values: ['Movistar · morning', 'Orange · night'],
        entities: [{ key: 'fringe:0|provider:Movistar' }, { key: 'fringe:2|provider:Orange' }],
      },
      series: [
        { id: 't0', name: 'bucket 2026-01-01T00:00:00.000Z', kind: 'value', values: [10, 5] },
        { id: 't1', name: 'bucket 2026-01-02T00:00:00.000Z', kind: 'value', values: [20.123, null] },
      ],
    });
  });

  it('lays a table by rows and columns out as rows, a column per value, named by the answer or as shown', () => {
    const answer: GraphicResponse = {
      kind: 'metric',
      metric: 'avg',
      series: [
        {
          key: { campaign: 'c1', fringe: 0 },
          labels: { campaign: 'Centro' },
          colours: { campaign: '#00aa00' },
          buckets: [{ key: 'all', count: 1, value: 3 }],
        },
        { key: { campaign: 'c2', fringe: 2 }, buckets: [{ key: 'all', count: 1, value: 4 }] },
      ],
      matrix: {
        rows: 'campaign',
        columns: 'fringe',
        rowKeys: ['c1', 'c2'],
        columnKeys: [0, 2],
        values: [
          [3, null],
          [null, 4],
        ],
      },
      warnings: [],
    };
    expect(chartDataOf(answer, { ...labels, axisTitle: 'Campaign' })).toEqual({
      // Rows and columns stand for their keys' entities, with the colours the answer gives them.
      axis: {
        kind: 'category',
        values: ['Centro', 'c2'],
        entities: [{ key: 'campaign:c1', colour: '#00aa00' }, { key: 'campaign:c2' }],
        title: 'Campaign',
      },
      series: [
        { id: 'c0', name: 'morning', kind: 'value', entity: { key: 'fringe:0' }, values: [3, null] },
        { id: 'c1', name: 'night', kind: 'value', entity: { key: 'fringe:2' }, values: [null, 4] },
      ],
    });
    const byWeekday = { ...answer, matrix: { ...answer.matrix!, rows: 'time' as const, rowKeys: [1, 3] } };
    expect(chartDataOf(byWeekday, labels).axis.values).toEqual(['bucket 1', 'bucket 3']);
  });

  it('merges the series by bucket in time order on a time axis, names them by their breakdown values, leaves gaps', () => {
    expect(
      chartDataOf(metric(series), { ...labels, granularity: 'day', timeZone: 'Europe/Madrid', axisTitle: 'Day' }),
    ).toEqual({
      axis: {
        kind: 'time',
        values: [Date.parse('2026-01-01T00:00:00.000Z'), Date.parse('2026-01-02T00:00:00.000Z')],
        labels: ['bucket 2026-01-01T00:00:00.000Z', 'bucket 2026-01-02T00:00:00.000Z'],
        bucketLength: longestBucket.day,
        timeZone: 'Europe/Madrid',
        title: 'Day',
      },
      series: [
        {
          id: 's0',
          name: 'Movistar · morning',
          kind: 'value',
          entity: { key: 'fringe:0|provider:Movistar' },
          values: [10, 20.123],
        },
        {
          id: 's1',
          name: 'Orange · night',
          kind: 'value',
          entity: { key: 'fringe:2|provider:Orange' },
          values: [5, null],
        },
      ],
    });
  });

  it('names a series by the labels the answer gives its values (campaigns, probes…), the others as shown', () => {
    const named: MetricSeries[] = [
      {
        key: { campaign: '9e5e7a54-e3b6-4b6c-b73a-a37c414f2b28', probe: 'seville0', fringe: 0 },
        labels: { campaign: 'Seville drive', probe: 'Triana landline' },
        buckets: [{ key: '2026-01-01T00:00:00.000Z', count: 1, value: 10 }],
      },
      { key: {}, buckets: [] },
    ];
    expect(chartDataOf(metric(named), labels).series.map((line) => line.name)).toEqual([
      'Seville drive · Triana landline · morning',
      'Download speed',
    ]);
  });

  it('puts weekdays and a single bucket on a category axis', () => {
    const weekdays: MetricSeries[] = [
      { key: {}, buckets: [3, 1].map((day) => ({ key: day, count: 1, value: day * 10 })) },
    ];
    expect(chartDataOf(metric(weekdays), labels).axis).toEqual({ kind: 'category', values: ['bucket 1', 'bucket 3'] });
    const all: MetricSeries[] = [{ key: {}, buckets: [{ key: 'all', count: 3, value: 7 }] }];
    expect(chartDataOf(metric(all), { ...labels, granularity: 'no_granularity' })).toEqual({
      axis: { kind: 'category', values: ['bucket all'] },
      // The whole selection: no breakdown.
      series: [{ id: 's0', name: 'Download speed', kind: 'value', entity: { key: '' }, values: [7] }],
    });
  });

  it('draws each series’ moving average beside it and its global average at every bucket, in its colour', () => {
    const withLines: MetricSeries[] = [
      {
        key: { isp: 'p-movistar' },
        labels: { isp: 'Movistar' },
        colours: { isp: '#019df4' },
        globalAverage: 15.06172,
        buckets: [
          { key: '2026-01-01T00:00:00.000Z', count: 1, value: 10, movingAverage: 10 },
          { key: '2026-01-02T00:00:00.000Z', count: 2, value: 20.12345, movingAverage: 15.06172 },
        ],
      },
      {
        key: { isp: 'Orange' },
        globalAverage: 5,
        buckets: [{ key: '2026-01-01T00:00:00.000Z', count: 4, value: 5, movingAverage: 5 }],
      },
    ];
    expect(chartDataOf(metric(withLines), labels).series).toEqual([
      {
        id: 's0',
        name: 'Movistar',
        kind: 'value',
        entity: { key: 'provider:p-movistar', colour: '#019df4' },
        values: [10, 20.123],
      },
      {
        id: 's0_movingAverage',
        name: 'Movistar · moving average (2)',
        kind: 'movingAverage',
        colourOf: 0,
        values: [10, 15.062],
      },
      {
        id: 's0_globalAverage',
        name: 'Movistar · global average',
        kind: 'globalAverage',
        colourOf: 0,
        values: [15.062, 15.062],
      },
      { id: 's1', name: 'Orange', kind: 'value', entity: { key: 'provider:Orange' }, values: [5, null] },
      // Orange has no bucket on the 2nd: its own values leave a gap, its reference line goes on.
      {
        id: 's1_movingAverage',
        name: 'Orange · moving average (2)',
        kind: 'movingAverage',
        colourOf: 3,
        values: [5, null],
      },
      { id: 's1_globalAverage', name: 'Orange · global average', kind: 'globalAverage', colourOf: 3, values: [5, 5] },
    ]);
  });

  it('turns a boxplot answer into boxes per bucket, and a scatterplot answer into points', () => {
    const boxplot: GraphicResponse = {
      kind: 'boxplot',
      warnings: [],
      series: [
        {
          key: { isp: 'Digi' },
          buckets: [
            { key: 2, count: 5, min: 1, q1: 2, median: 3, q3: 4, max: 5 },
            { key: 1, count: 5, min: 0, q1: 1, median: 2, q3: 3, max: 9 },
          ],
        },
        { key: { isp: 'Orange' }, buckets: [{ key: 2, count: 1, min: 4, q1: 4, median: 4, q3: 4, max: 4 }] },
      ],
    };
    expect(chartDataOf(boxplot, labels)).toEqual({
      axis: { kind: 'category', values: ['bucket 1', 'bucket 2'] },
      series: [],
      boxes: [
        {
          id: 's0',
          name: 'Digi',
          entity: { key: 'provider:Digi' },
          boxes: [
            [0, 1, 2, 3, 9],
            [1, 2, 3, 4, 5],
          ],
        },
        { id: 's1', name: 'Orange', entity: { key: 'provider:Orange' }, boxes: [null, [4, 4, 4, 4, 4]] },
      ],
    });
    const scatter: GraphicResponse = {
      kind: 'scatterplot',
      seed: 1,
      sampleSize: 10,
      warnings: [],
      series: [
        {
          key: {},
          total: 1,
          points: [{ measurementId: 'm1', probeId: 'p1', measuredAt: '2026-01-01T00:00:00.000Z', x: 3, y: 4 }],
        },
      ],
    };
    expect(chartDataOf(scatter, labels).points).toEqual([
      { id: 's0', name: 'Download speed', entity: { key: '' }, points: [{ x: 3, y: 4, label: 'p1' }] },
    ]);
    expect(isEmptyGraphic(scatter)).toBe(false);
    expect(isEmptyGraphic({ ...scatter, series: [{ key: {}, total: 0, points: [] }] })).toBe(true);
  });

  it('knows an empty answer', () => {
    expect(isEmptyGraphic(metric([{ key: {}, buckets: [] }]))).toBe(true);
    expect(isEmptyGraphic(metric(series))).toBe(false);
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
