import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpeedServer, startSpeedServer } from '../../speed-server/speed-server.ts';
import { testContext, testTask } from '../tasks.fixtures.ts';
import { runTcpPing } from './tcp-ping.ts';

/** A port on loopback that nobody listens on (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as { port: number };
  await new Promise((closed) => server.close(closed));
  return port;
}

describe('TCP ping', () => {
  let speedServer: SpeedServer;
  beforeAll(async () => {
    speedServer = await startSpeedServer({ host: '127.0.0.1', httpPort: 0, udpPort: 0 });
  });
  afterAll(() => speedServer.close());

  it('times as many handshakes with the speed server as the task counts, none lost', async () => {
    const task = testTask('tcp-ping', { servers: [{ host: '127.0.0.1', port: speedServer.httpPort }], count: 5 });
    const [result] = await runTcpPing(task, testContext());
    expect(result).toMatchObject({
      testType: 'tcp-ping',
      status: 'Finished',
      destination: { name: `127.0.0.1:${speedServer.httpPort}`, ip: '127.0.0.1' },
      details: { sent: 5, received: 5 },
    });
    expect(result!.kpis.loss).toBe(0);
    expect(result!.kpis.latency).toBeGreaterThan(0);
    expect(Number.isFinite(result!.kpis.latency)).toBe(true);
    expect(result!.kpis.jitter).toBeGreaterThanOrEqual(0);
    expect(Object.keys(result!.kpis)).toEqual(expect.arrayContaining(['latencyP50', 'latencyP90']));
  });

  it('fails a port that refuses connections, every packet lost', async () => {
    const port = await closedPort();
    const task = testTask('tcp-ping', { servers: [{ host: '127.0.0.1' }], port, count: 3 });
    const [result] = await runTcpPing(task, testContext());
    expect(result).toMatchObject({
      status: 'Error',
      failure: { reason: 'connectionRefused' },
      kpis: { loss: 100 },
      details: { sent: 3, received: 0 },
    });
  });
});
