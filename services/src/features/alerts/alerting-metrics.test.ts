import { waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';
import { enrichedMessageOf, slowDownloadAlert, speedTest } from './alert-measurements.fixture.ts';
import { startAlertingWorker } from './alerting.worker.ts';

describe('how far behind the gateway alerting is, on /metrics (embedded)', { timeout: 90_000 }, () => {
  let api: TestApi;
  let worker: Awaited<ReturnType<typeof startAlertingWorker>>;

  beforeAll(async () => {
    api = await openTestApi();
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/alert-config',
      payload: slowDownloadAlert('One slow test', { eventsCount: 1 }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id, position } = response.json() as { id: string; position: string };
    const caughtUp = await api.readCaughtUp(`/api/alert-config/${id}?minPosition=${position}`);
    expect(caughtUp.statusCode, caughtUp.body).toBe(200);
    worker = await startAlertingWorker(api.platform, { refreshMs: 0, tickMs: 3_600_000, graceMs: 60_000 });
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await api?.raw.close();
  });

  const metrics = async () => (await api.raw.inject('/metrics')).body;
  const sample = (text: string, line: string) => Number(text.match(new RegExp(`^${line} (\\S+)$`, 'm'))?.[1]);

  it('times each measurement from the gateway to its evaluation, and each entry from the result that decided it', async () => {
    const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1_000).toISOString();
    // The 10:00 window fires on a result that reached the gateway just now; the 11:05 result closes it, 2 minutes late.
    const opening = { ...speedTest('p1', '2026-01-15T10:05:00Z', 40), receivedAt: secondsAgo(0) };
    const closing = { ...speedTest('p1', '2026-01-15T11:05:00Z', 500), receivedAt: secondsAgo(120) };
    await api.platform.log.produce(api.platform.topics.measurementsEnriched, [opening, closing].map(enrichedMessageOf));
    await waitFor(
      'both measurements evaluated',
      async () => sample(await metrics(), 'nq_alert_evaluation_lag_seconds_count') === 2,
    );

    const text = await metrics();
    expect(sample(text, 'nq_alert_evaluation_lag_seconds_bucket\\{le="60"\\}')).toBe(1);
    expect(sample(text, 'nq_alert_decision_lag_seconds_count')).toBe(1);
    expect(sample(text, 'nq_alert_decision_lag_seconds_bucket\\{le="60"\\}')).toBe(0);
    expect(sample(text, 'nq_alert_decision_lag_seconds_sum')).toBeGreaterThanOrEqual(120);
  });
});
