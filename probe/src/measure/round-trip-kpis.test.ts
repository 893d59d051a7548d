import { describe, expect, it } from 'vitest';
import { percentile, percentileKpi, roundTripKpis } from './round-trip-kpis.ts';

describe('round-trip KPIs', () => {
  it('give the mean RTT as latency, the mean difference of consecutive RTTs as jitter, and the loss', () => {
    expect(roundTripKpis([10, 14, 12, 12], 5)).toEqual({ latency: 12, jitter: 2, loss: 20 });
  });

  it('give loss alone when nothing came back, and no jitter from a single answer', () => {
    expect(roundTripKpis([], 4)).toEqual({ loss: 100 });
    expect(roundTripKpis([8], 1)).toEqual({ latency: 8, loss: 0 });
  });

  it('add the task’s percentiles of the RTTs, interpolated as the platform’s analytics do', () => {
    expect(roundTripKpis([10, 20, 30, 40], 4, [50, 90, 99.9])).toMatchObject({
      latencyP50: 25,
      latencyP90: 37,
      latencyP99_9: 39.97,
    });
    expect(percentile([3, 1, 2], 0)).toBe(1);
    expect(percentileKpi('download', 95)).toBe('downloadP95');
  });
});
