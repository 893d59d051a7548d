import { describe, expect, it } from 'vitest';
import { testContext, testTask } from '../tasks.fixtures.ts';
import { tracerouteRunner } from './traceroute.ts';

const runTraceroute = tracerouteRunner();

describe('traceroute with the system’s traceroute', () => {
  it('reaches loopback in one hop, three probes answered', async () => {
    const [result] = await runTraceroute(testTask('traceroute', { host: '127.0.0.1' }), testContext());
    expect(result).toMatchObject({
      testType: 'traceroute',
      status: 'Finished',
      destination: { name: '127.0.0.1', ip: '127.0.0.1' },
      kpis: { hops: 1 },
    });
    const [hop] = result!.details!.hops!;
    expect(hop).toMatchObject({ hop: 1, address: '127.0.0.1' });
    expect(hop!.rtts).toHaveLength(3);
    for (const rtt of hop!.rtts) expect(rtt).toBeGreaterThanOrEqual(0);
  });

  it('traces by ICMP as asked, or by UDP when not permitted, and says which', async () => {
    const [result] = await runTraceroute(
      testTask('traceroute', { host: '127.0.0.1', protocol: 'icmp' }),
      testContext(),
    );
    expect(result).toMatchObject({ status: 'Finished', kpis: { hops: 1 } });
    const tool = result!.details!.tool;
    if (process.getuid?.() === 0) expect(tool).toBeUndefined();
    else expect(tool).toBe('traceroute by udp (icmp not permitted)');
  });

  it('fails a host that does not resolve with a DNS failure', async () => {
    const [result] = await runTraceroute(testTask('traceroute', { host: 'no-such-host.invalid' }), testContext());
    expect(result).toMatchObject({ status: 'Error', failure: { reason: 'dnsFailure' } });
  });

  it('cannot run without a traceroute binary, and says so', async () => {
    const [result] = await tracerouteRunner('nq-no-such-traceroute')(testTask('traceroute'), testContext());
    expect(result).toMatchObject({ status: 'Not apply', failure: { reason: 'other' } });
    expect(result!.failure!.detail).toMatch(/cannot run traceroute tests/);
  });
});
