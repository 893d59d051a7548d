import { randomUUID } from 'node:crypto';
import type { LogRecord } from '@nq/platform/log/log-port';
import { waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleResult } from '../../testing/sample-result.ts';
import { type SignedClient, signedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';
import { openIdentityStore } from '../identity/index.ts';

const result = sampleResult;

/** A probe talks to the platform through its gateway: configuration, results and status, each item answered. */
export function describeGatewayApi(profile: string, environment: () => Promise<NodeJS.ProcessEnv>) {
  describe(`probe gateway — ${profile}`, { timeout: 90_000 }, () => {
    let api: TestApi;
    let probe: SignedClient;
    const probeId = `gw${Date.now().toString(36)}`;
    const received: LogRecord[] = [];
    let stopConsumer: () => Promise<void>;

    beforeAll(async () => {
      api = await openTestApi(await environment());
      const created = await api.app.inject({
        method: 'POST',
        url: '/probes',
        payload: {
          probeId,
          name: 'Gateway probe',
          family: 'Agent',
          type: 'mobile',
          latitude: 40.42,
          longitude: -3.7,
          device: { wifi: [{ ssid: 'field', password: 'field-pass' }] },
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const issued = await api.app.inject({ method: 'POST', url: `/probes/${probeId}/credentials` });
      expect(issued.statusCode, issued.body).toBe(201);
      probe = signedClient(api.raw, issued.json());
      const consumer = await api.platform.log.consume({
        groupId: `gateway-test-${randomUUID()}`,
        topics: [api.platform.topics.measurementsRaw],
        handle: async (records) => void received.push(...records),
      });
      stopConsumer = () => consumer.stop();
    }, 120_000);
    afterAll(async () => {
      await stopConsumer?.();
      await api?.raw.close();
    });

    it('serves the probe its configuration, with its own secrets, and 304 while it has not changed', async () => {
      const first = await probe.inject('/gateway/v1/configuration');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().probe).toMatchObject({
        probeId,
        device: { wifi: [{ ssid: 'field', password: 'field-pass' }] },
      });
      const etag = String(first.headers.etag);
      const again = await probe.inject({ url: '/gateway/v1/configuration', headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      await api.app.inject({ method: 'PUT', url: `/probes/${probeId}`, payload: { name: 'Renamed gateway probe' } });
      const changed = await probe.inject({ url: '/gateway/v1/configuration', headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
    });

    it('puts the valid results of a batch on measurements.raw, keyed by probe, and answers each bad one', async () => {
      const good = [result(probeId), result(probeId, { taskMode: 'passive' })];
      const response = await probe.inject({
        method: 'POST',
        url: '/gateway/v1/results',
        payload: {
          items: [good[0], { ...result(probeId), testType: 'telepathy' }, good[1], result('someoneelse'), 'garbage'],
        },
      });
      expect(response.statusCode, response.body).toBe(202);
      const answer = response.json();
      expect(answer.accepted).toBe(2);
      expect(answer.rejected.map((r: { index: number }) => r.index)).toEqual([1, 3, 4]);
      expect(answer.rejected[0].problems[0]).toMatchObject({ field: 'testType', code: 'validation.invalidOption' });
      expect(answer.rejected[1].problems[0]).toMatchObject({ field: 'probeId' });
      await waitFor('the two results on the topic', () => received.filter((r) => r.key === probeId).length >= 2);
      const ids = received.filter((r) => r.key === probeId).map((r) => JSON.parse(r.value).measurementId);
      expect(ids.sort()).toEqual(good.map((g) => g.measurementId).sort());
    });

    it('keeps the last status of the probe for the status screen and the probes map', async () => {
      const reportedAt = new Date().toISOString();
      const response = await probe.inject({
        method: 'POST',
        url: '/gateway/v1/status',
        payload: { items: [{ probeId, reportedAt, state: 'Ready', technology: 5, battery: 80 }] },
      });
      expect(response.json()).toEqual({ accepted: 1, rejected: [] });
      await waitFor('the status in the read model', async () => {
        const response = await api.app.inject(`/probes/status?q=${probeId}`);
        expect(response.statusCode, response.body).toBe(200);
        const list = response.json().list as { probeId: string; state: string }[];
        return list.some((row) => row.probeId === probeId && row.state === 'Ready');
      });
      const map = (await api.app.inject('/api/probes/map')).json();
      expect(
        map.features.find((f: { properties: { probeId: string } }) => f.properties.probeId === probeId),
      ).toMatchObject({
        geometry: { coordinates: [-3.7, 40.42] },
        properties: { state: 'Ready', technology: 5 },
      });
      // The alerts screen places its groups at their probes.
      const alertsOnly = await api.as('probes-map-alerts-only', { layers: [{ id: 'alerts', groups: [] }] });
      expect((await alertsOnly.inject('/api/probes/map')).statusCode).toBe(200);
      expect((await alertsOnly.inject('/probes/actives/bycampaign?campaignId=x')).statusCode).not.toBe(403);
    });

    it('keeps the gateway and the user API apart: each refuses the other credentials', async () => {
      expect((await api.app.inject('/gateway/v1/configuration')).statusCode).toBe(401);
      expect((await probe.inject('/profile')).statusCode).toBe(401);
      const reissued = await api.app.inject({ method: 'POST', url: `/probes/${probeId}/credentials` });
      expect((await probe.inject('/gateway/v1/configuration')).json().code).toBe('auth.sessionExpired');
      const current = signedClient(api.raw, reissued.json());
      expect((await current.inject('/gateway/v1/configuration')).statusCode).toBe(200);
      probe = current;
    });

    it("issues credentials for many probes in one request: each works at the gateway, each probe's earlier ones end", async () => {
      const others = ['a', 'b', 'c'].map((letter) => `gwm${letter}${Date.now().toString(36)}`);
      for (const id of others)
        await api.app.inject({
          method: 'POST',
          url: '/probes',
          payload: { probeId: id, name: `Panel probe ${id}`, family: 'Agent', type: 'landline' },
        });
      const earlier = signedClient(
        api.raw,
        (await api.app.inject({ method: 'POST', url: `/probes/${others[0]}/credentials` })).json(),
      );
      expect((await earlier.inject('/gateway/v1/configuration')).statusCode).toBe(200);

      const answer = await api.app.inject({
        method: 'POST',
        url: '/probes/credentials',
        payload: { probeIds: [...others, 'nosuchprobe', others[1]] },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      const { list, notFound } = answer.json();
      expect({ probes: list.map((item: { probeId: string }) => item.probeId), notFound }).toEqual({
        probes: others,
        notFound: ['nosuchprobe'],
      });
      for (const credentials of list) {
        const client = signedClient(api.raw, credentials);
        const configuration = await client.inject('/gateway/v1/configuration');
        expect(configuration.statusCode, configuration.body).toBe(200);
        expect(configuration.json().probe.id).toBe(credentials.probeId);
      }
      expect((await earlier.inject('/gateway/v1/configuration')).json().code).toBe('auth.sessionExpired');

      const tooMany = await api.app.inject({
        method: 'POST',
        url: '/probes/credentials',
        payload: { probeIds: Array.from({ length: 10_001 }, (_, index) => `p${index}`) },
      });
      expect({ status: tooMany.statusCode, code: tooMany.json().code }).toEqual({
        status: 400,
        code: 'validation.tooBig',
      });
    });

    it('tells the probe its clock and when its credentials end, and lets expired ones renew themselves, only that and only for a while', async () => {
      const before = Date.now();
      const answer = await probe.inject('/gateway/v1/configuration');
      expect(Number(answer.headers['x-server-time'])).toBeGreaterThanOrEqual(before);
      const endsIn = Date.parse(String(answer.headers['x-credentials-expire-at'])) - before;
      expect(endsIn / 86_400_000).toBeCloseTo(90, 0);
      const endCredentials = async (id: string, daysAgo: number) =>
        (await openIdentityStore(api.platform.sql)).shortenExpiry(id, new Date(Date.now() - daysAgo * 86_400_000));
      await endCredentials(probe.credentials.clientId, 1);
      expect((await probe.inject('/gateway/v1/configuration')).json().code).toBe('auth.sessionExpired');
      const renewed = await probe.inject({ method: 'POST', url: '/gateway/v1/credentials' });
      expect(renewed.statusCode, renewed.body).toBe(201);
      expect(Date.parse(renewed.json().expiresAt)).toBeGreaterThan(Date.now() + 89 * 86_400_000);
      const next = signedClient(api.raw, renewed.json());
      expect((await next.inject('/gateway/v1/configuration')).statusCode).toBe(200);
      // The old ones ended a day ago: renewing did not give them the overlap that credentials still valid get.
      expect((await probe.inject('/gateway/v1/configuration')).statusCode).toBe(401);
      // Valid credentials renewed stay valid beside the new ones a while (the probe saves the new ones meanwhile).
      const again = await next.inject({ method: 'POST', url: '/gateway/v1/credentials' });
      expect(again.statusCode, again.body).toBe(201);
      expect((await next.inject('/gateway/v1/configuration')).statusCode).toBe(200);
      const latest = signedClient(api.raw, again.json());
      // Past the renewal grace (30 days), nothing: an administrator issues new credentials.
      await endCredentials(latest.credentials.clientId, 31);
      expect((await latest.inject({ method: 'POST', url: '/gateway/v1/credentials' })).statusCode).toBe(401);
    });
  });
}
