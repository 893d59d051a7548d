import { waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, type TestApi } from '../testing/test-api.ts';
import { geographies } from './fleet-model.ts';
import { type FleetReport, runFleet } from './fleet-simulator.ts';

const ping = { type: 'icmp-ping', id: 'ping', name: 'Ping Google DNS', servers: [{ host: '8.8.8.8' }] };
const youtube = { type: 'youtube', id: 'yt', name: 'YouTube', url: 'https://www.youtube.com/watch?v=demo' };

/** The fleet simulator plays its probes as real ones: it runs the tasks launched on them and reports the results. */
describe('fleet simulator — launched measurements', { timeout: 90_000 }, () => {
  let api: TestApi;
  const stop = new AbortController();
  let fleet: Promise<FleetReport>;
  const run = Date.now().toString(36);
  const onDemand = `od${run}`;

  beforeAll(async () => {
    api = await openTestApi();
    const { email } = await api.createIdentity('fleet-admin', { rol: 'admin', isGod: true }, 'fleet-password');
    await api.app.inject({
      method: 'POST',
      url: '/probes',
      payload: {
        probeId: onDemand,
        name: 'Configured probe',
        family: 'Cube',
        type: 'landline',
        latitude: 40.42,
        longitude: -3.7,
      },
    });
    const url = await api.raw.listen({ host: '127.0.0.1', port: 0 });
    let ready = false;
    fleet = runFleet(
      {
        url,
        email,
        password: 'fleet-password',
        probes: 2,
        rate: 1,
        seconds: 600,
        geography: geographies.madrid!,
        malformedShare: 0,
        flushEveryMs: 1_000,
        statusEverySeconds: 10,
        commandsEverySeconds: 1,
        concurrency: 4,
        seed: 7,
        onDemandProbes: [onDemand],
        signal: stop.signal,
        log: (line) => {
          if (line === 'every probe has its configuration') ready = true;
        },
      },
      run,
    );
    await waitFor('the fleet to start', () => ready, 60_000);
  }, 120_000);
  afterAll(async () => {
    stop.abort();
    await fleet?.catch(() => undefined);
    await api?.raw.close();
  });

  const launch = async (probeId: string, task: Record<string, unknown>) => {
    const answer = await api.app.inject({ method: 'POST', url: '/api/launches', payload: { probeId, task } });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().launch.id as string;
  };
  const ended = async (id: string) => {
    let launch: Record<string, unknown> = {};
    await waitFor(
      `launch ${id} to end`,
      async () => {
        launch = (await api.app.inject(`/api/launches/${id}`)).json();
        return launch.state !== 'Pending';
      },
      60_000,
    );
    return launch;
  };

  it('runs a task launched on one of its probes and completes the launch with a plausible result', async () => {
    const launched = await ended(await launch(`sim${run}0`, ping));
    expect(launched).toMatchObject({
      state: 'Finished',
      measurementId: expect.any(String),
      result: {
        testType: 'icmp-ping',
        status: 'Finished',
        kpis: { latency: expect.any(Number), jitter: expect.any(Number) },
      },
    });
    expect((launched.result as { kpis: { latency: number } }).kpis.latency).toBeGreaterThan(0);
  });

  it('runs the tasks launched on the configured probes it plays, as the test type the task measures', async () => {
    const launched = await ended(await launch(onDemand, youtube));
    expect(launched).toMatchObject({
      result: { testType: 'video', kpis: { mos: expect.any(Number), startTime: expect.any(Number) } },
    });
    // The measurement joins the probe's results: the analyses find it.
    await waitFor('the launched measurement in the measurements read model', async () =>
      Boolean(await api.platform.measurements.get(String(launched.measurementId))),
    );
  });
});
