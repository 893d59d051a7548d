import { createSocket, type Socket } from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpeedServer, startSpeedServer } from '../../speed-server/speed-server.ts';
import type { TaskResult } from '../task-result.ts';
import { testContext, testTask } from '../tasks.fixtures.ts';
import { runGaming } from './gaming.ts';
import { runTwamp } from './twamp.ts';
import { runVoip } from './voip.ts';

// Answers are awaited 300 ms rather than 2 s (the layer 3 minimum of 60 s is the schema's, not the runner's).
const shortWait = { waitTime: 300, sendTime: 60_000, ttl: 60_000 };

const expectPlausibleRoundTrips = (result: TaskResult | undefined) => {
  expect(result!.kpis.loss).toBe(0);
  for (const kpi of ['latency', 'jitter']) {
    expect(Number.isFinite(result!.kpis[kpi])).toBe(true);
    expect(result!.kpis[kpi]).toBeGreaterThanOrEqual(0);
  }
  expect(result!.kpis.latency).toBeGreaterThan(0);
};

describe('UDP streams to a TWAMP-light reflector', () => {
  let speedServer: SpeedServer;
  // A UDP port that takes datagrams and never answers.
  let silent: Socket;
  let silentPort: number;
  beforeAll(async () => {
    speedServer = await startSpeedServer({ host: '127.0.0.1', httpPort: 0, udpPort: 0 });
    silent = createSocket('udp4');
    await new Promise<void>((bound) => silent.bind(0, '127.0.0.1', bound));
    silentPort = silent.address().port;
  });
  afterAll(async () => {
    silent.close();
    await speedServer.close();
  });

  it('TWAMP: sends the task’s count of packets to the speed server’s reflector and gets them all back', async () => {
    const task = testTask('twamp', { servers: [{ host: '127.0.0.1', port: speedServer.udpPort }], count: 6 });
    const [result] = await runTwamp(task, testContext());
    expect(result).toMatchObject({
      testType: 'twamp',
      status: 'Finished',
      destination: { name: `127.0.0.1:${speedServer.udpPort}`, ip: '127.0.0.1' },
      details: { sent: 6, received: 6 },
    });
    expectPlausibleRoundTrips(result);
  });

  it('TWAMP: loses every packet to a port nobody answers, and fails with a timeout', async () => {
    const task = testTask('twamp', { servers: [{ host: '127.0.0.1', port: silentPort }], count: 3, layer3: shortWait });
    const [result] = await runTwamp(task, testContext());
    expect(result).toMatchObject({
      status: 'Error',
      failure: { reason: 'timeout', detail: 'no answer to 3 packets within 300 ms' },
      kpis: { loss: 100 },
      details: { sent: 3, received: 0 },
    });
  });

  it('TWAMP: fails a port nothing listens on as refused (ICMP port unreachable)', async () => {
    const closed = createSocket('udp4');
    await new Promise<void>((bound) => closed.bind(0, '127.0.0.1', bound));
    const { port } = closed.address();
    await new Promise<void>((done) => closed.close(done));
    const task = testTask('twamp', { servers: [{ host: '127.0.0.1', port }], count: 3, layer3: shortWait });
    const [result] = await runTwamp(task, testContext());
    expect(result).toMatchObject({ status: 'Error', failure: { reason: 'connectionRefused' }, kpis: { loss: 100 } });
  });

  it('gaming: streams for the task’s duration, a packet every interval', async () => {
    const task = testTask('gaming', {
      servers: [{ host: '127.0.0.1', port: speedServer.udpPort }],
      duration: 500,
      packetInterval: 50,
    });
    const [result] = await runGaming(task, testContext());
    expect(result).toMatchObject({ testType: 'gaming', status: 'Finished', details: { sent: 10, received: 10 } });
    expectPlausibleRoundTrips(result);
  });

  it('VoIP: streams the codec’s packets to the agent’s speed server and rates the call', async () => {
    const task = testTask('voip', { duration: 400, codec: 'G.711' });
    const [result] = await runVoip(
      task,
      testContext({ speedServer: { host: '127.0.0.1', port: speedServer.udpPort } }),
    );
    // G.711: a packet every 20 ms.
    expect(result).toMatchObject({
      testType: 'voip',
      status: 'Finished',
      destination: { name: '+34600000000' },
      details: { sent: 20, received: 20 },
    });
    expect(result!.kpis.loss).toBe(0);
    expect(result!.kpis.jitter).toBeGreaterThanOrEqual(0);
    expect(result!.kpis.mos).toBeGreaterThan(1);
    expect(result!.kpis.mos).toBeLessThanOrEqual(4.5);
  });

  it('VoIP: cannot run without a speed server to stream to', async () => {
    const [result] = await runVoip(testTask('voip'), testContext());
    expect(result).toMatchObject({ status: 'Not apply', failure: { reason: 'other' } });
    expect(result!.failure!.detail).toMatch(/cannot run VoIP tests/);
  });

  it('ends as Cancelled soon after the run is aborted', async () => {
    const task = testTask('gaming', { servers: [{ host: '127.0.0.1', port: speedServer.udpPort }], duration: 30_000 });
    const aborted = new AbortController();
    setTimeout(() => aborted.abort(), 200);
    const started = performance.now();
    const [result] = await runGaming(task, testContext({ signal: aborted.signal }));
    expect(result!.status).toBe('Cancelled');
    expect(performance.now() - started).toBeLessThan(15_000);
  });
});
