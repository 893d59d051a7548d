import type { MetricSeries } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { median, orderSeries, withMovingAverage, withReferenceLines } from './post-process.ts';

const series = (key: MetricSeries['key'], values: number[]): MetricSeries => ({
  key,
  buckets: values.map((value, index) => ({ key: index + 1, count: 1, value })),
});

describe('post-processing shared by both engines', () => {
  it('draws a trailing moving average over up to the window', () => {
    expect(withMovingAverage(series({}, [2, 4, 6, 8]).buckets, 3).map((bucket) => bucket.movingAverage)).toEqual([
      2, 3, 4, 6,
    ]);
  });

  it('adds the mean and the median of the bucket values as reference lines', () => {
    expect(withReferenceLines(series({}, [1, 9, 2]), { globalAverage: true, median: true })).toMatchObject({
      globalAverage: 4,
      globalMedian: 2,
    });
    expect(withReferenceLines(series({}, [1, 9]), { globalAverage: false, median: false })).not.toHaveProperty(
      'globalAverage',
    );
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('orders series by key, or by their mean value ascending or descending with ties by key', () => {
    const all = [
      series({ isp: 'Orange', technology: 5 }, [3]),
      series({ isp: 'Digi', technology: 4 }, [1, 5]),
      series({ isp: 'Orange', technology: 4 }, [9]),
      series({ isp: 'Movistar', technology: 10 }, [1]),
    ];
    const breakdowns = ['isp', 'technology'] as const;
    const keys = (ordered: MetricSeries[]) => ordered.map((item) => `${item.key.isp} ${item.key.technology}`);
    const rank = (item: MetricSeries) => item.buckets.reduce((sum, b) => sum + b.value, 0) / item.buckets.length;
    expect(keys(orderSeries(all, { breakdowns, ordered: false, sortOrder: 'descending', rank }))).toEqual([
      'Digi 4',
      'Movistar 10',
      'Orange 4',
      'Orange 5',
    ]);
    expect(keys(orderSeries(all, { breakdowns, ordered: true, sortOrder: 'ascending', rank }))).toEqual([
      'Movistar 10',
      'Digi 4',
      'Orange 5',
      'Orange 4',
    ]);
    expect(keys(orderSeries(all, { breakdowns, ordered: true, sortOrder: 'descending', rank }))).toEqual([
      'Orange 4',
      'Digi 4',
      'Orange 5',
      'Movistar 10',
    ]);
  });
});
