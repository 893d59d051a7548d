import { randomUUID } from 'node:crypto';
import type { AlertHistoryEntry } from '@nq/contracts';
import { readAll } from '@nq/platform/read-store/read-all';
import type { ListFilter } from '@nq/platform/read-store/read-store-port';
import type { ReceivedMail } from '@nq/platform/testing/received-mail';
import { waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';
import { enrichedMessageOf, slowDownloadAlert, speedTest } from './alert-measurements.fixture.ts';
import { startAlertingWorker } from './alerting.worker.ts';

type Page = { list: AlertHistoryEntry[]; count: number };

export interface AlertHistoryProfile {
  environment: NodeJS.ProcessEnv;
  /** The e-mails the mail adapter delivered so far, parsed back as their recipient's mail server received them. */
  delivered(): Promise<ReceivedMail[]>;
}

const day = '2026-01-15T';
const spanishRecipient = 'noc-es@test.nq';
const outsider = 'outsider@else.nq';
// Slow A: five changes to two recipients; Slow B (only new): four changes to one.
const expectedMails = 5 * 2 + 4;

/**
 * Alert history as a user meets it, from measurements streamed on `measurements.enriched` to the e-mails delivered;
 * run on the embedded profile and on the distributed one (Kafka, PostgreSQL, Elasticsearch, an SMTP server).
 */
export function describeAlertHistoryApi(profile: string, start: () => Promise<AlertHistoryProfile>) {
  describe(`alert history from streamed measurements — ${profile}`, { timeout: 120_000 }, () => {
    let api: TestApi;
    let admin: SignedClient;
    let delivered: AlertHistoryProfile['delivered'];
    let worker: Awaited<ReturnType<typeof startAlertingWorker>>;
    const alerts: Record<'everyWindow' | 'onlyNew', string> = { everyWindow: '', onlyNew: '' };

    beforeAll(async () => {
      const started = await start();
      delivered = started.delivered;
      api = await openTestApi({ PUBLIC_URL: 'http://console.test', ...started.environment });
      admin = api.app;
      // A Spanish-speaking user receives the alerts' e-mails; the other recipient is no user of the platform.
      await api.service('user').execute(
        {
          type: 'create',
          id: 'user-noc-es',
          fields: { email: spanishRecipient, profiles: ['test-admin'], preferredLanguage: 'es' },
        },
        {
          actor: { userId: 'test-setup', profileId: 'test-admin' },
          commandId: randomUUID(),
          correlationId: 'x',
          now: new Date(),
        },
      );
      const create = async (fields: Record<string, unknown>) => {
        const response = await admin.inject({ method: 'POST', url: '/api/alert-config', payload: fields });
        expect(response.statusCode, response.body).toBe(201);
        const { id, position } = response.json() as { id: string; position: string };
        expect((await admin.inject(`/api/alert-config/${id}?minPosition=${position}`)).statusCode).toBe(200);
        return id;
      };
      alerts.everyWindow = await create(
        slowDownloadAlert('Slow A', { email: { enabled: true, recipients: [spanishRecipient, outsider] } }),
      );
      alerts.onlyNew = await create(
        slowDownloadAlert('Slow B', { notifyOnlyNew: true, email: { enabled: true, recipients: [outsider] } }),
      );
      // The evaluator reads the alerts and users as a search shows them, which may lag the writes (Elasticsearch).
      const searched = (collection: string, filters: ListFilter[] = []) =>
        readAll(api.platform.readStore, collection, filters).then((documents) => documents.length);
      await waitFor(
        'the alerts and the Spanish-speaking user as the evaluator reads them',
        async () =>
          (await searched('alertConfigs')) === 2 &&
          (await searched('users', [{ field: 'email', in: [spanishRecipient] }])) === 1,
        60_000,
      );
      worker = await startAlertingWorker(api.platform, {
        refreshMs: 0,
        tickMs: 3_600_000,
        graceMs: 60_000,
        notificationSpacingMs: 0,
      });
    }, 120_000);
    afterAll(async () => {
      await worker?.stop();
      await api?.raw.close();
    });

    const history = async (query = '', client = admin) => {
      const response = await client.inject(`/api/alert-history?pageSize=200${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Page;
    };
    const states = (page: Page, alertId: string) =>
      page.list
        .filter((entry) => entry.alertId === alertId)
        .map((entry) => `${entry.group.id} ${entry.window.start.slice(11, 16)} ${entry.state}`)
        .sort();
    const pendingMails = async () =>
      (
        await api.platform.sql.query<{ count: string }>(
          `select count(*) as count from mail_outbox where state = 'pending'`,
        )
      )[0]!.count;

    it('fires, resolves and goes to no data as windows pass, once per alert, group and window', async () => {
      const stream = [
        speedTest('p1', `${day}10:05:00Z`, 40),
        speedTest('p1', `${day}10:10:00Z`, 30),
        speedTest('p2', `${day}10:20:00Z`, 500),
        speedTest('p1', `${day}11:05:00Z`, 20),
        speedTest('p1', `${day}11:10:00Z`, 60),
        speedTest('p1', `${day}12:05:00Z`, 300),
        speedTest('p1', `${day}13:05:00Z`, 300),
      ];
      await api.platform.log.produce(api.platform.topics.measurementsEnriched, stream.map(enrichedMessageOf));
      await waitFor(
        'the resolved window',
        async () => states(await history(), alerts.everyWindow).length === 3,
        60_000,
      );
      // Nothing more arrives: the clock decides the open windows, and the silent groups go to no data.
      await worker.elapse();
      await worker.elapse();

      const page = await history();
      expect(page.count).toBe(10);
      const expected = [
        'p1 10:00 firing',
        'p1 11:00 firing',
        'p1 12:00 resolved',
        'p1 14:00 noData',
        'p2 11:00 noData',
      ];
      expect(states(page, alerts.everyWindow)).toEqual(expected);
      expect(states(page, alerts.onlyNew)).toEqual(expected);
      const firing = page.list.find((entry) => entry.alertId === alerts.everyWindow && entry.state === 'firing')!;
      expect(firing).toMatchObject({ alertName: 'Slow A', measurements: 2, matching: 2, condition: 0, read: false });
      expect(firing.id).toMatch(/^ah-[a-f0-9]{32}$/);

      const latest = await admin.inject(`/api/alert-history/${alerts.everyWindow}/latest`);
      expect(
        (latest.json() as { list: AlertHistoryEntry[] }).list.map((entry) => `${entry.group.id} ${entry.state}`),
      ).toEqual(['p1 noData', 'p2 noData']);
      expect((await history('&state=firing')).count).toBe(4);
      expect((await history(`&alertId=${alerts.onlyNew}&groupId=p2`)).count).toBe(1);
      expect((await history('&from=2026-01-15T12:00:00Z&to=2026-01-15T13:00:00Z')).count).toBe(2);
    });

    it("e-mails each change once to every recipient in their language, honouring 'only new'", async () => {
      await waitFor('every e-mail delivered', async () => (await delivered()).length >= expectedMails, 60_000);
      const sent = await delivered();
      const subjects = (recipient: string, alertName: string) =>
        sent
          .filter((mail) => mail.to.includes(recipient) && mail.subject.includes(alertName))
          .map((mail) => mail.subject)
          .sort();
      expect(subjects(spanishRecipient, 'Slow A')).toEqual([
        'Alerta Slow A: sonda p1 disparada',
        'Alerta Slow A: sonda p1 disparada',
        'Alerta Slow A: sonda p1 resuelta',
        'Alerta Slow A: sonda p1 sin datos',
        'Alerta Slow A: sonda p2 sin datos',
      ]);
      expect(subjects(outsider, 'Slow A')).toEqual([
        'Alert Slow A: probe p1 firing',
        'Alert Slow A: probe p1 firing',
        'Alert Slow A: probe p1 no data',
        'Alert Slow A: probe p1 resolved',
        'Alert Slow A: probe p2 no data',
      ]);
      expect(subjects(outsider, 'Slow B')).toEqual([
        'Alert Slow B: probe p1 firing',
        'Alert Slow B: probe p1 no data',
        'Alert Slow B: probe p1 resolved',
        'Alert Slow B: probe p2 no data',
      ]);
      // One message per recipient, and one per (entry, recipient): its window tells two firings apart.
      expect(sent.every((mail) => mail.to.length === 1)).toBe(true);
      const entryAndRecipient = sent.map((mail) => `${mail.to[0]} ${mail.subject} ${mail.text.split('\n')[0]}`);
      expect(new Set(entryAndRecipient).size).toBe(expectedMails);

      const link = `http://console.test/alerts?tab=history&alert=${encodeURIComponent(alerts.everyWindow)}`;
      const firstFiring = (recipient: string) =>
        sent.find((mail) => mail.to[0] === recipient && mail.subject.includes('Slow A') && mail.text.includes('10:00'))
          ?.text;
      expect(firstFiring(spanishRecipient)).toContain('Ventana: de 2026-01-15 10:00 a 2026-01-15 11:00 (UTC)');
      expect(firstFiring(spanishRecipient)).toContain('2 mediciones, 2 de ellas cumplen una condición');
      expect(firstFiring(spanishRecipient)).toContain(`El historial de alertas:\n${link}`);
      expect(firstFiring(outsider)).toContain('Window: 2026-01-15 10:00 to 2026-01-15 11:00 (UTC)');
      expect(firstFiring(outsider)).toContain('2 measurements, 2 of them meeting a condition');
      expect(firstFiring(outsider)).toContain(`The alert history:\n${link}`);

      // Deciding again records and sends nothing more.
      await worker.elapse();
      await waitFor('the outbox settled', async () => Number(await pendingMails()) === 0, 60_000);
      expect(await delivered()).toHaveLength(expectedMails);
      expect((await history()).count).toBe(10);
    });

    it('counts unread entries and marks them read one at a time or a page at once, only for their profile', async () => {
      const unread = async (client = admin) =>
        ((await client.inject('/api/alert-history/unread-count')).json() as { count: number }).count;
      expect(await unread()).toBe(10);
      const [first, ...rest] = (await history()).list;
      const marked = await admin.inject({
        method: 'PUT',
        url: `/api/alert-history/${first!.id}`,
        payload: { read: true },
      });
      expect(marked.json()).toMatchObject({ id: first!.id, read: true });
      expect(await unread()).toBe(9);
      expect((await history('&read=true')).list.map((entry) => entry.id)).toEqual([first!.id]);

      const other = await api.as('alerts-elsewhere');
      expect(await unread(other)).toBe(0);
      expect((await history('', other)).count).toBe(0);
      const refused = await other.inject({
        method: 'PUT',
        url: `/api/alert-history/${first!.id}`,
        payload: { read: false },
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'resource.notFound' });
      expect(await unread()).toBe(9);

      const page = await admin.inject({
        method: 'PUT',
        url: '/api/alert-history',
        payload: { ids: rest.map((entry) => entry.id), read: true },
      });
      expect(page.json()).toMatchObject({ count: 9 });
      expect(await unread()).toBe(0);
      expect((await history('&read=false')).count).toBe(0);
      const bad = await admin.inject({
        method: 'PUT',
        url: '/api/alert-history/not-an-entry',
        payload: { read: true },
      });
      expect(bad.statusCode).toBe(404);
    });
  });
}
