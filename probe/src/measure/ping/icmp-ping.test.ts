import { describe, expect, it } from 'vitest';
import { testContext, testTask } from '../tasks.fixtures.ts';
import { icmpPingRunner } from './icmp-ping.ts';

const runIcmpPing = icmpPingRunner();

describe('ICMP ping with the system’s ping', () => {
  it('measures loopback: every echo answered, latency and jitter from their RTTs, the task’s percentiles', async () => {
    const task = testTask('icmp-ping', { servers: [{ host: '127.0.0.1' }], count: 4 });
    const [result] = await runIcmpPing(task, testContext());
    expect(result).toMatchObject({
      testType: 'icmp-ping',
      status: 'Finished',
      destination: { name: '127.0.0.1', ip: '127.0.0.1' },
      details: { sent: 4, received: 4 },
    });
    const { latency, jitter, loss, latencyP50, latencyP90 } = result!.kpis;
    expect(loss).toBe(0);
    for (const value of [latency, latencyP50, latencyP90]) {
      expect(value).toBeGreaterThan(0);
      expect(Number.isFinite(value)).toBe(true);
    }
    expect(jitter).toBeGreaterThanOrEqual(0);
  });

  it('sends only the echoes that fit in the layer 3 send time', async () => {
    const layer3 = { waitTime: 1_000, sendTime: 100, ttl: 60_000 };
    const task = testTask('icmp-ping', { servers: [{ host: '127.0.0.1' }], count: 50, packetInterval: 20, layer3 });
    const [result] = await runIcmpPing(task, testContext());
    expect(result).toMatchObject({ status: 'Finished', details: { sent: 5, received: 5 } });
  });

  it('gives one result per server, in order', async () => {
    const task = testTask('icmp-ping', { servers: [{ host: '127.0.0.1' }, { host: '127.0.0.2' }], count: 1 });
    const results = await runIcmpPing(task, testContext());
    expect(results.map((result) => [result.destination?.name, result.status])).toEqual([
      ['127.0.0.1', 'Finished'],
      ['127.0.0.2', 'Finished'],
    ]);
  });

  it('fails a host that does not resolve with a DNS failure', async () => {
    const task = testTask('icmp-ping', { servers: [{ host: 'no-such-host.invalid' }] });
    const [result] = await runIcmpPing(task, testContext());
    expect(result).toMatchObject({ status: 'Error', failure: { reason: 'dnsFailure' } });
    expect(result!.failure!.detail).toMatch(/no-such-host\.invalid/);
  });

  it('cannot run without a ping binary, and says so', async () => {
    const task = testTask('icmp-ping', { servers: [{ host: '127.0.0.1' }] });
    const [result] = await icmpPingRunner('nq-no-such-ping')(task, testContext());
    expect(result).toMatchObject({ status: 'Not apply', failure: { reason: 'other' } });
    expect(result!.failure!.detail).toMatch(/cannot run ICMP ping tests: nq-no-such-ping cannot run here \(ENOENT\)/);
  });

  it('stops when the run is aborted, long before its echoes are all sent', async () => {
    const task = testTask('icmp-ping', { servers: [{ host: '127.0.0.1' }, { host: '127.0.0.2' }], count: 100 });
    const aborted = new AbortController();
    setTimeout(() => aborted.abort(), 200);
    const started = performance.now();
    const results = await runIcmpPing({ ...task, packetInterval: 200 }, testContext({ signal: aborted.signal }));
    expect(results.map((result) => result.status)).toEqual(['Cancelled', 'Cancelled']);
    // The run was due to last 40 s.
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});
