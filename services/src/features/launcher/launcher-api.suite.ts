import { randomUUID } from 'node:crypto';
import type { LogRecord } from '@nq/platform/log/log-port';
import { waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedClient, signedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

const task = { type: 'icmp-ping', destination: '8.8.8.8', count: 10 };

/**
 * Launching a measurement cancels the one in progress, after a confirmation; the probe says how it ended
 * (docs/product/states.md#measurement-launches).
 */
export function describeLauncherApi(profile: string, environment: () => Promise<NodeJS.ProcessEnv>) {
  describe(`measurement launcher — ${profile}`, { timeout: 90_000 }, () => {
    let api: TestApi;
    let probe: SignedClient;
    const probeId = `ml${Date.now().toString(36)}`;
    const commands: LogRecord[] = [];
    const results: LogRecord[] = [];
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
      const { probeCommands, measurementsRaw } = api.platform.topics;
      const consumer = await api.platform.log.consume({
        groupId: `launcher-test-${randomUUID()}`,
        topics: [probeCommands, measurementsRaw],
        handle: async (records) => {
          for (const record of records) (record.topic === probeCommands ? commands : results).push(record);
        },
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

    it('completes a launch with the measurement the probe took: its result shows, the measurement joins the results', async () => {
      const launched = await launch(true);
      expect(launched.statusCode, launched.body).toBe(201);
      const { id, deadline, createdAt } = launched.json().launch;
      expect(Date.parse(deadline)).toBeGreaterThan(Date.parse(createdAt));
      const [given] = (await probe.inject('/gateway/v1/commands')).json().list;
      expect(given).toMatchObject({ id, task });

      const measurement = {
        measurementId: randomUUID(),
        probeId,
        program: 'ping',
        testType: 'icmp-ping',
        technology: 98,
        measuredAt: new Date().toISOString(),
        status: 'Finished',
        kpis: { latency: 12.5, jitter: 1.2, loss: 0 },
      };
      const stranger = await probe.inject({
        method: 'POST',
        url: `/gateway/v1/commands/${id}`,
        payload: { state: 'Finished', measurement: { ...measurement, probeId: 'someoneelse' } },
      });
      expect({ status: stranger.statusCode, code: stranger.json().code }).toEqual({
        status: 422,
        code: 'measurements.ofAnotherProbe',
      });
      expect(stranger.json().message).toContain('someoneelse');

      const report = { state: 'Finished', measurement };
      const done = await probe.inject({ method: 'POST', url: `/gateway/v1/commands/${id}`, payload: report });
      expect(done.statusCode, done.body).toBe(200);
      const shown = (await api.app.inject(`/api/launches/${id}`)).json();
      expect(shown).toMatchObject({
        state: 'Finished',
        measurementId: measurement.measurementId,
        result: { testType: 'icmp-ping', status: 'Finished', kpis: { latency: 12.5, jitter: 1.2, loss: 0 } },
      });
      expect((await api.app.inject(`/api/launches?probeId=${probeId}`)).json().list[0]).toEqual(shown);
      // The probe never saw the answer and says it again: the same launch, nothing twice.
      const retried = await probe.inject({ method: 'POST', url: `/gateway/v1/commands/${id}`, payload: report });
      expect(retried.json()).toEqual(shown);
      await waitFor('the measurement on measurements.raw', () =>
        results.some((record) => JSON.parse(record.value).measurementId === measurement.measurementId),
      );
      expect(results.filter((record) => record.key === probeId).map((r) => JSON.parse(r.value))).toEqual([
        expect.objectContaining({ ...measurement, receivedAt: expect.any(String) }),
      ]);
    });

    it('times out a launch nobody answers by its deadline, and the next launch needs no confirmation', async () => {
      const impatient = await openTestApi({ ...(await environment()), LAUNCH_TIMEOUT_SECONDS: '1' });
      try {
        const silent = `ml3${Date.now().toString(36)}`;
        await impatient.app.inject({
          method: 'POST',
          url: '/probes',
          payload: { probeId: silent, name: 'Silent probe', family: 'Cube', type: 'landline' },
        });
        const first = await impatient.app.inject({
          method: 'POST',
          url: '/api/launches',
          payload: { probeId: silent, task },
        });
        expect(first.json().launch.state).toBe('Pending');
        const id = first.json().launch.id;
        await waitFor(
          'the launch to time out',
          async () => (await impatient.app.inject(`/api/launches/${id}`)).json().state === 'TimedOut',
          30_000,
        );
        const shown = (await impatient.app.inject(`/api/launches/${id}`)).json();
        expect(shown.updatedAt).toBe(shown.deadline);
        const late = await signedClient(
          impatient.raw,
          (await impatient.app.inject({ method: 'POST', url: `/probes/${silent}/credentials` })).json(),
        ).inject({ method: 'POST', url: `/gateway/v1/commands/${id}`, payload: { state: 'Finished' } });
        expect({ status: late.statusCode, code: late.json().code }).toEqual({ status: 409, code: 'request.conflict' });
        const next = await impatient.app.inject({
          method: 'POST',
          url: '/api/launches',
          payload: { probeId: silent, task },
        });
        expect(next.statusCode, next.body).toBe(201);
        expect(next.json().cancelled).toBeUndefined();
      } finally {
        await impatient.raw.close();
      }
    });

    it('launches a task on every probe of a cluster, asks first to cancel the ones in progress, and counts how they end', async () => {
      const suffix = Date.now().toString(36);
      const [busy, idle, former] = ['a', 'b', 'c'].map((letter) => `mlc${letter}${suffix}`) as [string, string, string];
      for (const id of [busy, idle, former])
        await api.app.inject({
          method: 'POST',
          url: '/probes',
          payload: { probeId: id, name: `Cluster probe ${id}`, family: 'Cube', type: 'landline' },
        });
      const since = '2026-01-01T00:00:00Z';
      const cluster = await api.app.inject({
        method: 'POST',
        url: '/api/clusters-management',
        payload: {
          name: `Launch cluster ${suffix}`,
          probes: [
            { probeId: busy, start: since },
            { probeId: idle, start: since },
            { probeId: former, start: since, end: '2026-02-01T00:00:00Z' },
          ],
        },
      });
      expect(cluster.statusCode, cluster.body).toBe(201);
      const clusterId = cluster.json().id;
      const single = await api.app.inject({ method: 'POST', url: '/api/launches', payload: { probeId: busy, task } });
      const inProgress = single.json().launch.id;
      const onCluster = (confirm: boolean) =>
        api.app.inject({ method: 'POST', url: '/api/launches/clusters', payload: { clusterId, task, confirm } });

      const asked = await onCluster(false);
      expect({ status: asked.statusCode, code: asked.json().code }).toEqual({
        status: 409,
        code: 'measurements.inProgressOnProbes',
      });
      expect(asked.json().message).toBe(
        `1 of the 2 probes of cluster Launch cluster ${suffix} have a measurement in progress. Confirm to cancel them and launch the new one on every probe.`,
      );
      expect((await api.app.inject(`/api/launches/${inProgress}`)).json().state).toBe('Pending');

      const confirmed = await onCluster(true);
      expect(confirmed.statusCode, confirmed.body).toBe(201);
      const { group, cancelled } = confirmed.json();
      expect({ cancelled, probes: group.probes, states: group.states, clusterId: group.clusterId }).toEqual({
        cancelled: 1,
        probes: 2,
        states: { Pending: 2 },
        clusterId,
      });
      expect((await api.app.inject(`/api/launches/${inProgress}`)).json().state).toBe('Cancelled');
      // A probe's commands keep their order (keyed by probe); between probes there is none to hold.
      const typesFor = (probeId: string) =>
        commands.filter((c) => c.key === probeId).map((c) => JSON.parse(c.value).type);
      await waitFor(
        'the cluster launch commands on probe.commands',
        () => typesFor(busy).length >= 3 && typesFor(idle).length >= 1,
      );
      expect({ busy: typesFor(busy), idle: typesFor(idle), former: typesFor(former) }).toEqual({
        busy: ['launch', 'cancel', 'launch'],
        idle: ['launch'],
        former: [],
      });

      const idleProbe = signedClient(
        api.raw,
        (await api.app.inject({ method: 'POST', url: `/probes/${idle}/credentials` })).json(),
      );
      const [given] = (await idleProbe.inject('/gateway/v1/commands')).json().list;
      expect(given).toMatchObject({ task, groupId: group.id });
      await idleProbe.inject({
        method: 'POST',
        url: `/gateway/v1/commands/${given.id}`,
        payload: { state: 'Finished' },
      });
      const followed = (await api.app.inject(`/api/launches/groups/${group.id}`)).json();
      expect({ states: followed.states, total: followed.total }).toEqual({
        states: { Pending: 1, Finished: 1 },
        total: 2,
      });
      expect(followed.list.map((launch: { probeId: string }) => launch.probeId)).toEqual([busy, idle]);
      const finished = (await api.app.inject(`/api/launches/groups/${group.id}?state=Finished`)).json();
      expect({ total: finished.total, probes: finished.list.map((l: { probeId: string }) => l.probeId) }).toEqual({
        total: 1,
        probes: [idle],
      });

      expect((await api.app.inject('/api/launches/groups/nothing')).json().code).toBe('resource.notFound');
      const unknown = await api.app.inject({
        method: 'POST',
        url: '/api/launches/clusters',
        payload: { clusterId: 'nothing', task },
      });
      expect({ status: unknown.statusCode, code: unknown.json().code }).toEqual({
        status: 404,
        code: 'resource.notFound',
      });
      const empty = await api.app.inject({
        method: 'POST',
        url: '/api/clusters-management',
        payload: {
          name: `Past cluster ${suffix}`,
          probes: [{ probeId: former, start: since, end: '2026-02-01T00:00:00Z' }],
        },
      });
      const none = await api.app.inject({
        method: 'POST',
        url: '/api/launches/clusters',
        payload: { clusterId: empty.json().id, task },
      });
      expect({ status: none.statusCode, message: none.json().message }).toEqual({
        status: 422,
        message: `Cluster Past cluster ${suffix} has no active probe you can launch a measurement on.`,
      });
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
