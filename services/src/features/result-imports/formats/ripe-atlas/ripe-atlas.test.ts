import { measurementSchema } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import type { FormatSettings, ImportedMeasurement, RowOutcome } from '../result-format.ts';
import { ripeAtlasFormat } from './ripe-atlas.ts';

// Results in the shapes https://atlas.ripe.net/docs/apis/result-format/ documents (firmware 5000 and later).

const settings: FormatSettings = { probeId: 'unused', technology: 98 };
const timestamp = 1_733_000_000;
const common = { fw: 5080, af: 4, from: '198.51.100.7', prb_id: 6001, timestamp, lts: 21 };
const target = { dst_name: 'example.net', dst_addr: '192.0.2.10' };

const measurementsOf = (outcome: RowOutcome): ImportedMeasurement[] => {
  if ('refusal' in outcome) throw new Error(`refused: ${JSON.stringify(outcome.refusal)}`);
  // Every measurement a format makes is one the gateway would take.
  for (const measurement of outcome.measurements) measurementSchema.parse(measurement);
  return outcome.measurements;
};
const read = (result: unknown) => measurementsOf(ripeAtlasFormat.read(result, settings));
const refusalOf = (result: unknown) => {
  const outcome = ripeAtlasFormat.read(result, settings);
  return 'refusal' in outcome ? outcome.refusal : undefined;
};

/** A DNS answer in its wire format: one question for example.net, the records given, the response code given. */
function dnsMessage(rcode: number, records: { type: number; data: number[] }[]) {
  const name = [7, ...Buffer.from('example'), 3, ...Buffer.from('net'), 0];
  const u16 = (value: number) => [value >> 8, value & 0xff];
  const header = [...u16(0x1234), 0x81, 0x80 | rcode, ...u16(1), ...u16(records.length), ...u16(0), ...u16(0)];
  const question = [...name, ...u16(1), ...u16(1)];
  const answers = records.flatMap(({ type, data }) => [
    0xc0,
    12, // the question's name
    ...u16(type),
    ...u16(1),
    0,
    0,
    1,
    44, // TTL 300
    ...u16(data.length),
    ...data,
  ]);
  return Buffer.from([...header, ...question, ...answers]).toString('base64');
}

describe('RIPE Atlas results', () => {
  const ping = {
    ...common,
    ...target,
    type: 'ping',
    msm_id: 1001,
    msm_name: 'Ping',
    proto: 'ICMP',
    size: 48,
    sent: 4,
    rcvd: 3,
    dup: 0,
    min: 10.5,
    max: 12.5,
    avg: 11.333,
    result: [{ rtt: 10.5 }, { rtt: 12.5 }, { x: '*' }, { rtt: 11 }],
  };

  it('makes a ping its probe’s latency, loss and jitter, in the program of its measurement', () => {
    const outcome = ripeAtlasFormat.read(ping, settings);
    expect(outcome).toMatchObject({ probes: [{ probeId: 'ripeatlas6001', name: 'RIPE Atlas probe 6001' }] });
    expect(read(ping)).toEqual([
      expect.objectContaining({
        probeId: 'ripeatlas6001',
        program: 'ripe-atlas-1001',
        source: 'ripe-atlas',
        testType: 'icmp-ping',
        technology: 98,
        status: 'Finished',
        measuredAt: '2024-11-30T20:53:20.000Z',
        ip: '198.51.100.7',
        destination: { name: 'example.net', ip: '192.0.2.10' },
        // One of four lost; round trips 10.5, 12.5, 11: they vary by 2 then 1.5.
        kpis: { latency: 11.333, loss: 25, jitter: 1.75 },
        details: {
          sent: 4,
          received: 3,
          tool: 'RIPE Atlas firmware 5080',
          sourceRef: 'msm_id=1001 prb_id=6001 timestamp=1733000000',
        },
      }),
    ]);
  });

  it('gives the same result the same measurement id every time, and another result another', () => {
    const [first] = read(ping);
    const [again] = read(structuredClone(ping));
    const [later] = read({ ...ping, timestamp: timestamp + 240 });
    expect(again!.measurementId).toBe(first!.measurementId);
    expect(later!.measurementId).not.toBe(first!.measurementId);
  });

  it('counts a ping whose packets were all lost as 100 % loss, and one that could not send as an error', () => {
    const [lost] = read({ ...ping, rcvd: 0, avg: -1, min: -1, max: -1, result: [{ x: '*' }, { x: '*' }] });
    expect(lost).toMatchObject({ status: 'Finished', kpis: { loss: 100 } });
    expect(lost!.kpis).not.toHaveProperty('latency');
    const [failed] = read({ ...ping, rcvd: 0, avg: -1, result: [{ error: 'sendto failed: Network is unreachable' }] });
    expect(failed).toMatchObject({
      status: 'Error',
      failure: { reason: 'noNetwork', detail: 'sendto failed: Network is unreachable' },
    });
  });

  it('keeps a traceroute’s hops, a hop that only answered * without an address, and the hop that reached it', () => {
    const traceroute = {
      ...common,
      ...target,
      type: 'traceroute',
      msm_id: 5001,
      proto: 'UDP',
      paris_id: 3,
      result: [
        {
          hop: 1,
          result: [
            { from: '10.0.0.1', rtt: 1.2, size: 28, ttl: 64 },
            { from: '10.0.0.1', rtt: 1.1 },
          ],
        },
        { hop: 2, result: [{ x: '*' }, { x: '*' }, { x: '*' }] },
        { hop: 3, result: [{ from: '192.0.2.10', rtt: 9.8 }, { x: '*' }, { from: '192.0.2.10', rtt: 10.1 }] },
        { hop: 255, result: [{ x: '*' }] },
      ],
    };
    expect(read(traceroute)).toEqual([
      expect.objectContaining({
        testType: 'traceroute',
        program: 'ripe-atlas-5001',
        status: 'Finished',
        kpis: { hops: 3 },
        details: expect.objectContaining({
          hops: [
            { hop: 1, address: '10.0.0.1', rtts: [1.2, 1.1] },
            { hop: 2, rtts: [] },
            { hop: 3, address: '192.0.2.10', rtts: [9.8, 10.1] },
            { hop: 255, rtts: [] },
          ],
        }),
      }),
    ]);
    const [failed] = read({ ...traceroute, result: [{ hop: 1, error: 'connect failed: Network is unreachable' }] });
    expect(failed).toMatchObject({ status: 'Error', failure: { reason: 'noNetwork' } });
  });

  it('makes each resolver of a DNS lookup a resolution time, with the answer’s response code and records', () => {
    const dns = {
      ...common,
      type: 'dns',
      msm_id: 10001,
      resultset: [
        {
          af: 4,
          dst_addr: '203.0.113.53',
          time: timestamp,
          result: {
            rt: 23.4,
            ANCOUNT: 2,
            size: 77,
            abuf: dnsMessage(0, [
              { type: 1, data: [192, 0, 2, 1] },
              { type: 28, data: [0x20, 0x01, 0x0d, 0xb8, ...Array(11).fill(0), 1] },
            ]),
          },
        },
        { af: 4, dst_addr: '203.0.113.54', time: timestamp + 1, error: { timeout: 5000 } },
      ],
    };
    const [answered, silent] = read(dns);
    expect(answered).toMatchObject({
      testType: 'dns',
      status: 'Finished',
      kpis: { resolution: 23.4 },
      destination: { name: '203.0.113.53', ip: '203.0.113.53' },
      details: {
        rcode: 'NOERROR',
        answers: ['example.net. 300 A 192.0.2.1', 'example.net. 300 AAAA 2001:db8::1'],
      },
    });
    expect(silent).toMatchObject({
      status: 'Error',
      measuredAt: '2024-11-30T20:53:21.000Z',
      failure: { reason: 'timeout', detail: 'no answer within 5000 ms' },
    });
    expect(answered!.measurementId).not.toBe(silent!.measurementId);
  });

  it('reads a lookup of one resolver, NXDOMAIN as an answer, and keeps the code of a message cut short', () => {
    const single = { ...common, ...target, type: 'dns', msm_id: 10002, result: { rt: 8, ANCOUNT: 0 } };
    const [nameless] = read({ ...single, result: { ...single.result, abuf: dnsMessage(3, []) } });
    expect(nameless).toMatchObject({ status: 'Finished', details: { rcode: 'NXDOMAIN', answers: [] } });
    const truncated = Buffer.from(dnsMessage(0, [{ type: 1, data: [192, 0, 2, 1] }]), 'base64').subarray(0, 40);
    const [cut] = read({ ...single, result: { rt: 8, ANCOUNT: 1, abuf: truncated.toString('base64') } });
    expect(cut!.details).toMatchObject({ rcode: 'NOERROR' });
    expect(cut!.details).not.toHaveProperty('answers');
  });

  it('makes an HTTP request a page load with its timings, status and size; an error or a 5xx an error', () => {
    const http = {
      ...common,
      type: 'http',
      msm_id: 12001,
      uri: 'http://example.net/index.html',
      result: [
        {
          af: 4,
          method: 'GET',
          dst_addr: '192.0.2.10',
          res: 200,
          rt: 85.3,
          ttc: 20.1,
          ttfb: 60.2,
          hsize: 300,
          bsize: 1270,
          ver: '1.1',
        },
      ],
    };
    expect(read(http)).toEqual([
      expect.objectContaining({
        testType: 'web-browsing',
        status: 'Finished',
        kpis: { loadTime: 85.3 },
        destination: { name: 'example.net', ip: '192.0.2.10' },
        details: expect.objectContaining({
          timings: { connect: 20.1, firstByte: 60.2, total: 85.3 },
          httpStatus: 200,
          bytes: 1270,
        }),
      }),
    ]);
    const [refused] = read({
      ...http,
      result: [{ af: 4, dst_addr: '192.0.2.10', err: 'connect: Connection refused' }],
    });
    expect(refused).toMatchObject({ status: 'Error', failure: { reason: 'connectionRefused' } });
    expect(refused!.kpis?.loadTime).toBeUndefined();
    const [unavailable] = read({ ...http, result: [{ ...http.result[0], res: 503 }] });
    expect(unavailable).toMatchObject({ status: 'Error', failure: { reason: 'serverError', detail: 'HTTP 503' } });
  });

  it('makes an SSL certificate fetch a TCP ping of its connect time, the handshake kept as a timing', () => {
    const sslcert = {
      ...common,
      ...target,
      type: 'sslcert',
      msm_id: 15001,
      dst_port: '443',
      method: 'TLS',
      ver: '1.3',
      ttc: 18.4,
      rt: 45.2,
      cert: ['-----BEGIN CERTIFICATE-----\n…\n-----END CERTIFICATE-----'],
    };
    expect(read(sslcert)).toEqual([
      expect.objectContaining({
        testType: 'tcp-ping',
        kpis: { latency: 18.4 },
        details: expect.objectContaining({ timings: { connect: 18.4, tls: 45.2 } }),
      }),
    ]);
    const [alerted] = read({ ...sslcert, cert: undefined, alert: { level: 2, description: 40 } });
    expect(alerted).toMatchObject({ status: 'Error', failure: { reason: 'other', detail: 'TLS alert 40' } });
  });

  it('refuses what is not a result it can import, saying why', () => {
    expect(refusalOf('hello')).toEqual({ code: 'resultImports.notAResult', params: { format: 'RIPE Atlas' } });
    expect(refusalOf({ ...common, type: 'ntp', msm_id: 1 })).toEqual({
      code: 'resultImports.unsupportedType',
      params: { type: 'ntp', supported: 'ping, traceroute, dns, http, sslcert' },
      field: 'type',
    });
    const { sent: _, ...withoutSent } = ping;
    expect(refusalOf(withoutSent)).toMatchObject({ code: 'resultImports.invalidField', params: { field: 'sent' } });
    expect(refusalOf({ ...ping, prb_id: -4 })).toMatchObject({ params: { field: 'prb_id' } });
    expect(refusalOf({ ...ping, rcvd: 9 })).toMatchObject({ params: { field: 'rcvd' } });
    expect(refusalOf({ ...common, type: 'dns', msm_id: 3 })).toMatchObject({ params: { field: 'result' } });
  });

  it('names the program the import gives, when it gives one', () => {
    const [measurement] = measurementsOf(ripeAtlasFormat.read(ping, { ...settings, program: 'public-pings' }));
    expect(measurement!.program).toBe('public-pings');
  });
});
