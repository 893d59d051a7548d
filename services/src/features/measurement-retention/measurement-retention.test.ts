import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { firstMonthKept, monthLeavesRetention } from '@nq/platform/measurements/retention';
import type { Platform } from '@nq/platform/platform';
import { waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';
import { measurementRetentionKind, measurementRetentionSchedule } from './measurement-retention.ts';

/** Mid-month, `ago` months before the current one (UTC). */
const monthsAgo = (ago: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - ago, 15, 12)).toISOString();
};

describe('the first month a retention keeps', () => {
  it('keeps the current month and the given number before it, across years', () => {
    expect(firstMonthKept(new Date('2026-11-28T15:00:00Z'), 1)).toBe('2026-10');
    expect(firstMonthKept(new Date('2026-02-01T00:00:00Z'), 2)).toBe('2025-12');
    expect(firstMonthKept(new Date('2026-03-31T23:59:59Z'), 24)).toBe('2024-03');
  });

  it('hands a month to the lifecycle due the first instant it is no longer kept, across years', () => {
    // Kept with 1: October 2026 while November is current; gone once December begins.
    expect(monthLeavesRetention('2026-10', 1).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(firstMonthKept(new Date('2026-11-30T23:59:59Z'), 1)).toBe('2026-10');
    expect(firstMonthKept(new Date('2026-12-01T00:00:00Z'), 1)).toBe('2026-11');
    expect(monthLeavesRetention('2025-12', 2).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(monthLeavesRetention('2024-03', 24).toISOString()).toBe('2026-04-01T00:00:00.000Z');
  });
});

describe('measurement retention unset', () => {
  it('schedules nothing: measurements are kept for ever', async () => {
    const enqueue = vi.fn();
    const platform = { config: { measurements: {} }, jobs: { enqueue } } as unknown as Platform;
    const started = await measurementRetentionSchedule.start(platform, {});
    expect(enqueue).not.toHaveBeenCalled();
    await (started as { stop(): Promise<void> }).stop();
  });
});

describe('measurement retention on the embedded store', { timeout: 60_000 }, () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi({ MEASUREMENT_RETENTION_MONTHS: '2' });
  });
  afterAll(() => api?.raw.close());

  it('is scheduled for today, and deletes the rows of the months before the ones kept', async () => {
    const today = `measurement-retention-${new Date().toISOString().slice(0, 10)}`;
    await waitFor('the scheduled retention job', async () => (await api.platform.jobs.get(today)) !== undefined);
    const [older, old, kept, recent, current] = [4, 3, 2, 1, 0].map((ago) =>
      sampleMeasurement({ measuredAt: monthsAgo(ago) }),
    );
    await api.platform.measurements.write([older!, old!, kept!, recent!, current!]);

    await api.platform.jobs.enqueue(measurementRetentionKind, {}, { jobId: 'measurement-retention-test' });
    await waitFor(
      'the retention job',
      async () => (await api.platform.jobs.get('measurement-retention-test'))?.state === 'completed',
    );
    expect((await api.platform.jobs.get('measurement-retention-test'))?.result).toEqual({
      months: [older!.measuredAt.slice(0, 7), old!.measuredAt.slice(0, 7)],
      measurements: 2,
    });
    for (const gone of [older!, old!]) expect(await api.platform.measurements.get(gone.measurementId)).toBeUndefined();
    for (const stays of [kept!, recent!, current!])
      expect(await api.platform.measurements.get(stays.measurementId)).toEqual(stays);
  });
});
