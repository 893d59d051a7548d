import type { AlertBacktestResult, AlertHistoryEntry, EnrichedMeasurement } from '@nq/contracts';
import { waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';
import { enrichedMessageOf, slowDownloadAlert, speedTest } from './alert-measurements.fixture.ts';
import { startAlertingWorker } from './alerting.worker.ts';

/** A UTC day two days ago: within a back-test's reach, and long decided by the live evaluator's clock. */
const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
const at = (hour: number, minute: number) =>
  `${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`;

/**
 * One day of landline speed tests: p1 slow in the morning and again at night, p2 fast then silent from noon, p3 slow
 * once at noon then silent; besides, a mobile test and another program's, which the alert does not read.
 */
function seededDay(): EnrichedMeasurement[] {
  const day: EnrichedMeasurement[] = [];
  for (let hour = 0; hour < 24; hour += 1) {
    const slow = (hour >= 6 && hour < 9) || hour === 22;
    day.push(speedTest('p1', at(hour, 5), slow ? 40 : 400), speedTest('p1', at(hour, 35), slow ? 60 : 350));
    if (hour < 12) day.push(speedTest('p2', at(hour, 20), hour === 3 ? 20 : 500));
  }
  day.push(speedTest('p3', at(12, 10), 10), speedTest('p3', at(12, 40), 15));
  day.push({ ...speedTest('m1', at(7, 0), 5), probeType: 'mobile' });
  day.push({ ...speedTest('p4', at(7, 0), 5), program: 'other-program' });
  return day.sort((a, b) => a.measuredAt.localeCompare(b.measuredAt));
}

/** The back-test as a user meets it, held to the live evaluator; run on the embedded profile and the distributed one. */
export function describeAlertBacktestApi(profile: string, environment: () => Promise<NodeJS.ProcessEnv>) {
  describe(`alert back-test — ${profile}`, { timeout: 120_000 }, () => {
    let api: TestApi;
    let worker: Awaited<ReturnType<typeof startAlertingWorker>>;

    beforeAll(async () => {
      api = await openTestApi(await environment());
      worker = await startAlertingWorker(api.platform, {
        refreshMs: 0,
        tickMs: 3_600_000,
        graceMs: 60_000,
        notificationSpacingMs: 0,
      });
    }, 180_000);
    afterAll(async () => {
      await worker?.stop();
      await api?.raw.close();
    });

    const backtest = (payload: Record<string, unknown>, headers: Record<string, string> = {}, client = api.app) =>
      client.inject({ method: 'POST', url: '/api/alert-config/backtest', payload, headers });

    it('answers the same firing, resolved and no-data windows per group as the live evaluator over the same day', async () => {
      const fields = slowDownloadAlert('Slow downloads');
      const created = await api.app.inject({ method: 'POST', url: '/api/alert-config', payload: fields });
      expect(created.statusCode, created.body).toBe(201);
      const { id: alertId, position } = created.json() as { id: string; position: string };
      const caughtUp = await api.readCaughtUp(`/api/alert-config/${alertId}?minPosition=${position}`);
      expect(caughtUp.statusCode, caughtUp.body).toBe(200);

      const measurements = seededDay();
      expect(await api.platform.measurements.write(measurements)).toEqual({ failed: [] });
      await api.platform.log.produce(api.platform.topics.measurementsEnriched, measurements.map(enrichedMessageOf));
      const applied = async () =>
        Number(
          (
            await api.platform.sql.query<{ n: string }>(
              'select coalesce(sum(applied + 1), 0)::text as n from alert_log_offsets',
            )
          )[0]?.n,
        );
      await waitFor('the live evaluator to read the day', async () => (await applied()) === measurements.length);
      await worker.elapse();
      const history = await api.app.inject(`/api/alert-history?pageSize=200&alertId=${alertId}`);
      expect(history.statusCode, history.body).toBe(200);
      const live = (history.json() as { list: AlertHistoryEntry[] }).list
        .map(
          (entry) => `${entry.group.id} ${entry.window.start} ${entry.state} ${entry.measurements}/${entry.matching}`,
        )
        .sort();

      // The stored day is searchable a moment after it is written (Elasticsearch refreshes in the background).
      let result: AlertBacktestResult | undefined;
      await waitFor('the back-test to read the stored day', async () => {
        const response = await backtest({ ...fields, days: 3 });
        expect(response.statusCode, response.body).toBe(200);
        result = response.json() as AlertBacktestResult;
        return result.summary.measurements === 62;
      });
      if (!result) throw new Error('no back-test answer');
      const replayed = result.groups
        .flatMap(({ group, windows }) =>
          windows.map(
            (window) => `${group.id} ${window.start} ${window.state} ${window.measurements}/${window.matching}`,
          ),
        )
        .sort();

      const iso = (hour: number) => new Date(Date.parse(at(0, 0)) + hour * 3_600_000).toISOString();
      expect(live).toEqual(
        [
          `p1 ${iso(6)} firing 2/2`,
          `p1 ${iso(7)} firing 2/2`,
          `p1 ${iso(8)} firing 2/2`,
          `p1 ${iso(9)} resolved 2/0`,
          `p1 ${iso(22)} firing 2/2`,
          `p1 ${iso(23)} resolved 2/0`,
          `p1 ${iso(24)} noData 0/0`,
          `p2 ${iso(12)} noData 0/0`,
          `p3 ${iso(12)} firing 2/2`,
          `p3 ${iso(13)} noData 0/0`,
        ].sort(),
      );
      expect(replayed).toEqual(live);
      expect(result.groups.map(({ group }) => group.id)).toEqual(['p1', 'p3', 'p2']);
      expect(result.summary).toEqual({
        measurements: 62,
        groups: 3,
        windowsFiring: 5,
        firstFiring: iso(6),
        lastFiring: iso(22),
      });
      expect(result.warnings).toEqual([]);
    });

    it('says when the alert would not have fired', async () => {
      const response = await backtest({ ...slowDownloadAlert('Never', { eventsCount: 3 }), days: 3 });
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json() as AlertBacktestResult;
      expect(result.summary.windowsFiring).toBe(0);
      expect(result.summary.firstFiring).toBeUndefined();
      expect(result.groups.flatMap(({ windows }) => windows.map((window) => window.state))).not.toContain('firing');
    });

    it('refuses what a save refuses, and days out of range, in the caller language', async () => {
      const days = await backtest({ ...slowDownloadAlert('Too far'), days: 60 }, { 'accept-language': 'es' });
      expect(days.statusCode).toBe(400);
      expect(days.json()).toMatchObject({
        code: 'alerts.backtestDaysOutOfRange',
        message: 'Una prueba retrospectiva abarca los últimos 1 a 31 días.',
      });
      const grouping = await backtest(slowDownloadAlert('By campaign', { grouping: 'campaign' }));
      expect([grouping.statusCode, grouping.json().code]).toEqual([400, 'alerts.landlineGrouping']);
      const nameless = await backtest(slowDownloadAlert(''));
      expect([nameless.statusCode, nameless.json().code]).toEqual([400, 'alerts.nameRequired']);

      const analyst = await api.as('backtest-analyst');
      const notOffered = await backtest(slowDownloadAlert('Not mine'), {}, analyst);
      expect(notOffered.statusCode, notOffered.body).toBe(422);
      expect(notOffered.json()).toMatchObject({
        code: 'alerts.programNotOffered',
        details: { field: 'conditions.0.program' },
      });
    });
  });
}
