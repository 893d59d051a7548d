import type { MetricSeries } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { matrixOf } from './matrix.ts';

const cell = (key: MetricSeries['key'], buckets: [string | number, number][]): MetricSeries => ({
  key,
  buckets: buckets.map(([bucket, value]) => ({
    key: bucket as MetricSeries['buckets'][number]['key'],
    count: 1,
    value,
  })),
});

describe('a table laid out by rows and columns', () => {
  const byIspAndTechnology = [
    cell({ isp: 'Orange', technology: 5 }, [['all', 30]]),
    cell({ isp: 'Digi', technology: 4 }, [['all', 10]]),
    cell({ isp: 'Digi', technology: 5 }, [['all', 20]]),
  ];

  it('puts each series in its row and column, in key order, empty where no measurement has both', () => {
    expect(matrixOf(byIspAndTechnology, { rows: 'isp', columns: 'technology' }, false)).toEqual({
      rows: 'isp',
      columns: 'technology',
      rowKeys: ['Digi', 'Orange'],
      columnKeys: [4, 5],
      values: [
        [10, 20],
        [null, 30],
      ],
    });
  });

  it('swaps rows and columns when transposed', () => {
    expect(matrixOf(byIspAndTechnology, { rows: 'isp', columns: 'technology' }, true)).toEqual({
      rows: 'technology',
      columns: 'isp',
      rowKeys: [4, 5],
      columnKeys: ['Digi', 'Orange'],
      values: [
        [10, null],
        [20, 30],
      ],
    });
  });

  it('takes rows of time from the buckets of each column series', () => {
    const byDay = [
      cell({ isp: 'Digi' }, [
        ['2026-03-02T00:00:00.000Z', 2],
        ['2026-03-01T00:00:00.000Z', 1],
      ]),
      cell({ isp: 'Orange' }, [['2026-03-02T00:00:00.000Z', 4]]),
    ];
    expect(matrixOf(byDay, { rows: 'time', columns: 'isp' }, false)).toEqual({
      rows: 'time',
      columns: 'isp',
      rowKeys: ['2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z'],
      columnKeys: ['Digi', 'Orange'],
      values: [
        [1, null],
        [2, 4],
      ],
    });
  });
});
