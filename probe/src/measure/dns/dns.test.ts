import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testContext, testTask } from '../tasks.fixtures.ts';
import { dnsRunner } from './dns.ts';
import { startTestDnsServer } from './test-dns-server.ts';

// Queries wait 300 ms, once, rather than 2 s twice: the silent name's timeout in a fraction of a second.
const runDns = dnsRunner({ timeoutMs: 300, tries: 1 });

describe('DNS resolution against the task’s server', () => {
  let server: Awaited<ReturnType<typeof startTestDnsServer>>;
  let dns: (changes: Parameters<typeof testTask<'dns'>>[1]) => ReturnType<typeof testTask<'dns'>>;
  beforeAll(async () => {
    server = await startTestDnsServer({
      'www.example.test': { A: ['192.0.2.10', '192.0.2.11'], TXT: ['v=spf1 -all'] },
      'mail.example.test': { TXT: ['hello'] },
      'broken.example.test': 'SERVFAIL',
      'closed.example.test': 'REFUSED',
      'silent.example.test': 'silence',
    });
    dns = (changes) => testTask('dns', { servers: [{ host: '127.0.0.1', port: server.port }], ...changes });
  });
  afterAll(() => server.close());

  it('resolves each domain, timing it, with NOERROR and its records as text', async () => {
    const results = await runDns(dns({ domains: ['www.example.test', 'mail.example.test'] }), testContext());
    expect(results).toMatchObject([
      {
        testType: 'dns',
        status: 'Finished',
        destination: { name: 'www.example.test' },
        details: { rcode: 'NOERROR', answers: ['192.0.2.10', '192.0.2.11'] },
      },
      // A name without an A record: answered, with none.
      { status: 'Finished', destination: { name: 'mail.example.test' }, details: { rcode: 'NOERROR', answers: [] } },
    ]);
    for (const result of results) {
      expect(result.kpis.resolution).toBeGreaterThan(0);
      expect(Number.isFinite(result.kpis.resolution)).toBe(true);
    }
  });

  it('asks for the task’s record type, and for every type with ANY', async () => {
    const [txt] = await runDns(dns({ domains: ['www.example.test'], recordType: 'TXT' }), testContext());
    expect(txt!.details!.answers).toEqual(['v=spf1 -all']);
    const [any] = await runDns(dns({ domains: ['www.example.test'], recordType: 'ANY' }), testContext());
    expect(any!.details!.answers).toEqual(['A 192.0.2.10', 'A 192.0.2.11', 'TXT v=spf1 -all']);
  });

  it('fails NXDOMAIN, SERVFAIL and REFUSED as DNS failures naming the code, still timed', async () => {
    const results = await runDns(
      dns({ domains: ['nowhere.example.test', 'broken.example.test', 'closed.example.test'] }),
      testContext(),
    );
    expect(results.map((result) => [result.status, result.failure?.reason, result.details?.rcode])).toEqual([
      ['Error', 'dnsFailure', 'NXDOMAIN'],
      ['Error', 'dnsFailure', 'SERVFAIL'],
      ['Error', 'dnsFailure', 'REFUSED'],
    ]);
    for (const result of results) expect(result.kpis.resolution).toBeGreaterThan(0);
  });

  it('fails a server that does not answer with a timeout', async () => {
    const [result] = await runDns(dns({ domains: ['silent.example.test'] }), testContext());
    expect(result).toMatchObject({ status: 'Error', failure: { reason: 'timeout' }, kpis: {} });
  });

  it('ends as Cancelled when the run is aborted', async () => {
    const aborted = new AbortController();
    setTimeout(() => aborted.abort(), 50);
    const slow = dnsRunner({ timeoutMs: 20_000, tries: 1 });
    const started = performance.now();
    const results = await slow(
      dns({ domains: ['silent.example.test', 'www.example.test'] }),
      testContext({ signal: aborted.signal }),
    );
    expect(results.map((result) => result.status)).toEqual(['Cancelled', 'Cancelled']);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('cannot use an external resolver when the task names no server', async () => {
    const [result] = await runDns(testTask('dns', { domains: ['www.example.test'], servers: [] }), testContext());
    expect(result).toMatchObject({ status: 'Not apply', failure: { reason: 'other' } });
  });
});
