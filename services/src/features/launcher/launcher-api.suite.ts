import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogRecord } from '../../platform/log/log-port.ts';
import { type SignedClient, signedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';
import { waitFor } from '../../testing/wait-for.ts';

const task = { type: 'icmp-ping', destination: '8.8.8.8', count: 10 };

/** Spec §4: launching a measurement cancels the one in progress, after a confirmation; the probe says how it ended. */
export function describeLauncherApi(profile: string, environment: () => Promise<NodeJS.ProcessEnv>) {
  describe(`measurement launcher — ${profile}`, { timeout: 90_000 }, () => {
    let api: TestApi;
    let probe: SignedClient;
    const probeId = `ml${Date.now().toString(36)}`;
    const commands: LogRecord[] = [];
    let stopConsumer: () => Promise<void>;

    beforeAll(async () => {
      api = await openTestApi(await environment());
      await api.app.inject({
        method: 'POST',
        url: '/probes',
        payload: { probeId, name: 'Launcher probe', family: 'Cube', type: 'landline' },
      });
      probe = signedClient(
        api.raw,
        (await api.app.inject({ method: 'POST', url: `/probes/${probeId}/credentials` })).json(),
      );
      const consumer = await api.platform.log.consume({
        groupId: `launcher-test-${randomUUID()}`,
        topics: [api.platform.topics.probeCommands],
        handle: async (records) => void commands.push(...records),
      });
      stopConsumer = () => consumer.stop();
    }, 120_000);
    afterAll(async () => {
      await stopConsumer?.();
      await api?.raw.close();
    });

    const launch = (confirm?: boolean) =>
      api.app.inject({
        method: 'POST',
        url: '/api/launches',
        payload: { probeId, task, ...(confirm ? { confirm } : {}) },
      });

    it('launches, asks for confirmation while one is in progress, and then cancels it', async () => {
      const first = await launch();
      expect(first.statusCode, first.body).toBe(201);
      const firstId = first.json().launch.id;
      expect(first.json().launch).toMatchObject({ probeId, state: 'Pending', task });

      const unconfirmed = await launch();
      expect({ status: unconfirmed.statusCode, code: unconfirmed.json().code }).toEqual({
        status: 409,
        code: 'measurements.inProgress',
      });
      expect((await api.app.inject(`/api/launches/${firstId}`)).json().state).toBe('Pending');

      const confirmed = await launch(true);
      expect(confirmed.statusCode).toBe(201);
      const secondId = confirmed.json().launch.id;
      expect(confirmed.json().cancelled).toMatchObject({ id: firstId, state: 'Cancelled', cancelledBy: secondId });
      expect((await api.app.inject(`/api/launches/${firstId}`)).json()).toMatchObject({ state: 'Cancelled' });

      await waitFor(
        'the three commands on probe.commands',
        () => commands.filter((c) => c.key === probeId).length >= 3,
      );
      expect(commands.filter((c) => c.key === probeId).map((c) => JSON.parse(c.value).type)).toEqual([
        'launch',
        'cancel',
        'launch',
      ]);

      const pending = (await probe.inject('/gateway/v1/commands')).json().list;
      expect(pending.map((l: { id: string }) => l.id)).toEqual([secondId]);
      const done = await probe.inject({
        method: 'POST',
        url: `/gateway/v1/commands/${secondId}`,
        payload: { state: 'Finished', measurementId: 'm-1' },
      });
      expect(done.json()).toMatchObject({ state: 'Finished', measurementId: 'm-1' });
      expect((await api.app.inject(`/api/launches/${secondId}`)).json().state).toBe('Finished');
      const late = await probe.inject({
        method: 'POST',
        url: `/gateway/v1/commands/${firstId}`,
        payload: { state: 'Finished' },
      });
      expect(late.json().code).toBe('request.conflict');
      expect((await launch()).statusCode).toBe(201);
    });

    it('lets exactly one of two simultaneous launches on an idle probe through', async () => {
      const other = `ml2${Date.now().toString(36)}`;
      await api.app.inject({
        method: 'POST',
        url: '/probes',
        payload: { probeId: other, name: 'Second', family: 'Cube', type: 'landline' },
      });
      const results = await Promise.all(
        [1, 2].map(() => api.app.inject({ method: 'POST', url: '/api/launches', payload: { probeId: other, task } })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    });
  });
}
