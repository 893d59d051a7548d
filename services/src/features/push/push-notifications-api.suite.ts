import { randomUUID } from 'node:crypto';
import { type AlertHistoryEntry, alertFieldsSchema, type PushMessage } from '@nq/contracts';
import { readAll } from '@nq/platform/read-store/read-all';
import { waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';
import {
  decryptPush,
  startTestPushService,
  type TestBrowser,
  type TestPushService,
  verifyVapid,
} from '../../testing/test-push-service.ts';
import { notifyPush, type PushedAlert } from '../alerts/alert-push.ts';

const PROFILE = 'push-noc';
const OTHER_PROFILE = 'push-elsewhere';

const alertOf = (push: boolean): PushedAlert => ({
  id: 'slow-fibre',
  owner: PROFILE,
  fields: alertFieldsSchema.parse({
    name: 'Slow fibre',
    type: 'landline',
    conditions: [{ program: 'speedtest', kpi: 'download', operator: 'lt', value: 100 }],
    interval: { value: 1, unit: 'hour' },
    eventsCount: 3,
    grouping: 'probe',
    push: { enabled: push },
  }),
});

const hex32 = () => randomUUID().replaceAll('-', '');
const entryOf = (state: AlertHistoryEntry['state']): AlertHistoryEntry => ({
  id: `ah-${hex32()}`,
  alertId: 'slow-fibre',
  alertName: 'Slow fibre',
  alertType: 'landline',
  group: { kind: 'probe', id: 'probe001', label: 'probe001' },
  state,
  window: { start: '2026-11-25T10:00:00.000Z', end: '2026-11-25T11:00:00.000Z' },
  measurements: 5,
  matching: 3,
  condition: 0,
  value: 42,
  recordedAt: '2026-11-25T11:00:01.000Z',
  read: false,
});

/** Web push of alerts as a user meets it; run on the embedded profile and on the distributed one. */
export function describePushNotificationsApi(profile: string, environment: () => Promise<NodeJS.ProcessEnv>) {
  describe(`alert push notifications — ${profile}`, { timeout: 60_000 }, () => {
    let api: TestApi;
    let pushService: TestPushService;
    let english: SignedClient;
    let spanish: SignedClient;
    let outsider: SignedClient;

    beforeAll(async () => {
      pushService = await startTestPushService();
      // The test push service listens on loopback over http, which a platform refuses by default.
      api = await openTestApi({
        ...(await environment()),
        VAPID_SUBJECT: 'mailto:noc@example.com',
        PUSH_PRIVATE_ENDPOINTS: 'true',
      });
      const { userId } = await api.createIdentity(PROFILE);
      await api.service('user').execute(
        {
          type: 'create',
          id: 'user-push-bea',
          fields: { email: 'bea@test.nq', profiles: [PROFILE], preferredLanguage: 'es' },
        },
        {
          actor: { userId: 'test-setup', profileId: 'test-admin' },
          commandId: randomUUID(),
          correlationId: randomUUID(),
          now: new Date(),
        },
      );
      english = await api.sessionFor(userId, PROFILE);
      spanish = await api.sessionFor('user-push-bea', PROFILE);
      outsider = await api.as(OTHER_PROFILE);
      await waitFor('the profile users in the read model', async () => {
        const users = await readAll(api.platform.readStore, 'users', [{ field: 'profiles', equals: PROFILE }], {
          fresh: true,
        });
        return users.length === 2;
      });
    });
    afterAll(async () => {
      await api?.raw.close();
      await pushService?.close();
    });

    const subscribe = (client: SignedClient, browser: TestBrowser) =>
      client.inject({ method: 'POST', url: '/api/push/subscriptions', payload: browser.subscription });
    const messageOf = (body: Buffer, browser: TestBrowser) => JSON.parse(decryptPush(body, browser)) as PushMessage;

    it('gives browsers the VAPID public key to subscribe with', async () => {
      const response = await english.inject('/api/push/public-key');
      expect(response.statusCode).toBe(200);
      const { publicKey } = response.json();
      expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
      expect((await outsider.inject('/api/push/public-key')).json()).toEqual({ publicKey });
    });

    /** What subscribing a browser with an endpoint answers, on a platform that keeps the default address policy. */
    const onStrictPlatform = async (
      run: (
        subscribeWith: (endpoint: string, language?: string) => ReturnType<SignedClient['inject']>,
      ) => Promise<void>,
    ) => {
      const strict = await openTestApi(await environment());
      try {
        const client = await strict.as('push-strict');
        const { subscription } = pushService.browser();
        await run((endpoint, language = 'en') =>
          client.inject({
            method: 'POST',
            url: '/api/push/subscriptions',
            payload: { ...subscription, endpoint },
            headers: { 'accept-language': language },
          }),
        );
      } finally {
        await strict.raw.close();
      }
    };

    it('refuses, by default, a push address inside the network (loopback, private, cloud metadata) or over http', async () => {
      const browser = pushService.browser();
      await onStrictPlatform(async (subscribeWith) => {
        for (const endpoint of ['https://169.254.169.254/latest', browser.subscription.endpoint]) {
          const response = await subscribeWith(endpoint);
          expect(response.statusCode).toBe(422);
          expect(response.json().code).toBe('push.endpointNotPublic');
        }
        const response = await subscribeWith('https://169.254.169.254/latest', 'es');
        expect(response.json().message).toBe(
          'Las notificaciones solo se envían a servicios públicos https: se rechaza https://169.254.169.254/latest (169.254.169.254 linkLocal).',
        );
      });
    });

    it('refuses, by default, an IPv6 push address outside the global unicast block or embedding a private IPv4 one', async () => {
      await onStrictPlatform(async (subscribeWith) => {
        for (const [endpoint, reason] of [
          ['https://[::7f00:1]/push', '::7f00:1 reserved'],
          ['https://[64:ff9b::a9fe:a9fe]/push', '64:ff9b::a9fe:a9fe rfc6052'],
          ['https://[2002:a00:1::]/push', '2002:a00:1:: 6to4'],
        ] as const) {
          const response = await subscribeWith(endpoint);
          expect(response.statusCode).toBe(422);
          expect(response.json()).toMatchObject({ code: 'push.endpointNotPublic', params: { endpoint, reason } });
        }
      });
    });

    it('refuses a subscription without an http(s) endpoint or with keys a browser would not give', async () => {
      const browser = pushService.browser();
      const refused = async (subscription: unknown, language = 'en') => {
        const response = await english.inject({
          method: 'POST',
          url: '/api/push/subscriptions',
          payload: subscription as Record<string, unknown>,
          headers: { 'accept-language': language },
        });
        expect(response.statusCode).toBe(400);
        return response.json().details.fields;
      };
      expect(await refused({ ...browser.subscription, endpoint: 'ftp://push.example/1' })).toEqual([
        expect.objectContaining({
          field: 'body.endpoint',
          code: 'push.endpointInvalid',
          message: 'The browser subscription needs an http or https push address.',
        }),
      ]);
      expect(
        await refused({ ...browser.subscription, keys: { ...browser.subscription.keys, auth: 'c2hvcnQ' } }, 'es'),
      ).toEqual([
        expect.objectContaining({
          field: 'body.keys.auth',
          code: 'push.keysInvalid',
          message: 'Las claves de la suscripción del navegador no son válidas.',
        }),
      ]);
    });

    it("pushes a firing alert to every browser of the owner profile's users, in each one's language, once", async () => {
      const ana = pushService.browser();
      const anaLaptop = pushService.browser();
      const bea = pushService.browser();
      const stranger = pushService.browser();
      for (const [client, browser] of [
        [english, ana],
        [english, anaLaptop],
        [spanish, bea],
        [outsider, stranger],
      ] as const)
        expect((await subscribe(client, browser)).json()).toEqual({ done: true });
      const { publicKey } = (await english.inject('/api/push/public-key')).json();

      const entry = entryOf('firing');
      expect(await notifyPush(entry, alertOf(true), api.platform)).toEqual({
        sent: 3,
        gone: 0,
        failed: 0,
        alreadySent: 0,
      });

      const [toAna] = pushService.pushesTo(ana);
      expect(pushService.pushesTo(anaLaptop)).toHaveLength(1);
      expect(pushService.pushesTo(stranger)).toEqual([]);
      expect(toAna!.headers).toMatchObject({ 'content-encoding': 'aes128gcm', urgency: 'high', ttl: '86400' });
      expect(toAna!.headers.topic).toMatch(/^[\w-]{32}$/);
      const claims = verifyVapid(toAna!.headers.authorization);
      expect(claims).toMatchObject({ aud: pushService.url, sub: 'mailto:noc@example.com', publicKey });
      expect(claims.exp * 1000).toBeGreaterThan(Date.now());

      expect(messageOf(toAna!.body, ana)).toEqual({
        title: 'Alert firing: Slow fibre',
        body: 'Probe probe001: 3 of 5 measurements met a condition',
        url: '/alerts?tab=history',
        tag: 'alert-slow-fibre-probe-probe001',
        alertId: 'slow-fibre',
        alertType: 'landline',
        groupKind: 'probe',
        state: 'firing',
        entryId: entry.id,
      });
      const [toBea] = pushService.pushesTo(bea);
      expect(messageOf(toBea!.body, bea)).toMatchObject({
        title: 'Alerta disparada: Slow fibre',
        body: 'Sonda probe001: 3 de 5 mediciones cumplieron una condición',
        state: 'firing',
      });

      // The evaluator replays the entry after a crash: no browser is pushed twice.
      expect(await notifyPush(entry, alertOf(true), api.platform)).toMatchObject({ sent: 0, alreadySent: 3 });
      expect(pushService.pushesTo(ana)).toHaveLength(1);
      expect(pushService.pushesTo(bea)).toHaveLength(1);

      const resolved = entryOf('resolved');
      await notifyPush(resolved, alertOf(true), api.platform);
      const [, again] = pushService.pushesTo(bea);
      expect(again!.headers.urgency).toBe('normal');
      expect(messageOf(again!.body, bea)).toMatchObject({
        title: 'Alerta resuelta: Slow fibre',
        body: 'Sonda probe001: vuelve a la normalidad',
        state: 'resolved',
      });

      // Without push in the alert's settings nothing is sent.
      expect(await notifyPush(entryOf('noData'), alertOf(false), api.platform)).toMatchObject({ sent: 0 });
      expect(pushService.pushesTo(ana)).toHaveLength(2);

      // The user turns notifications off in one browser.
      const off = await english.inject({
        method: 'DELETE',
        url: '/api/push/subscriptions',
        payload: { endpoint: anaLaptop.subscription.endpoint },
      });
      expect(off.json()).toEqual({ done: true });
      await notifyPush(entryOf('noData'), alertOf(true), api.platform);
      expect(pushService.pushesTo(anaLaptop)).toHaveLength(2);
      expect(messageOf(pushService.pushesTo(ana)[2]!.body, ana)).toMatchObject({
        title: 'Alert without data: Slow fibre',
        body: 'Probe probe001: no measurements in the last window',
      });
    });

    it('forgets a browser whose push service answers 410 Gone, and tries a failed push again on replay', async () => {
      const expired = pushService.browser();
      const flaky = pushService.browser();
      await subscribe(english, expired);
      await subscribe(spanish, flaky);
      pushService.expire(expired);
      pushService.answer(flaky, 503);

      const entry = entryOf('firing');
      expect(await notifyPush(entry, alertOf(true), api.platform)).toMatchObject({ gone: 1, failed: 1 });
      expect(pushService.pushesTo(expired)).toHaveLength(1);

      pushService.answer(flaky, 201);
      expect(await notifyPush(entry, alertOf(true), api.platform)).toMatchObject({ sent: 1, gone: 0, failed: 0 });
      expect(pushService.pushesTo(flaky)).toHaveLength(2);
      expect(messageOf(pushService.pushesTo(flaky)[1]!.body, flaky)).toMatchObject({ entryId: entry.id });

      await notifyPush(entryOf('resolved'), alertOf(true), api.platform);
      expect(pushService.pushesTo(expired)).toHaveLength(1);
    });
  });
}
