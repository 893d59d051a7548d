import { describe, expect, it } from 'vitest';
import { iperf3Format } from './iperf3.ts';
import { measurementsOf, refusalOf } from './read-result.fixture.ts';

// `iperf3 -J` output as iperf3 writes it (start, intervals, end), intervals left out.

const start = (testStart: Record<string, unknown>) => ({
  connected: [{ socket: 5, local_host: '10.0.0.9', local_port: 50422, remote_host: '192.0.2.40', remote_port: 5201 }],
  version: 'iperf 3.16',
  system_info: 'Linux probe 6.1.0 x86_64',
  timestamp: { time: 'Mon, 02 Nov 2026 09:30:00 GMT', timesecs: 1_793_611_800 },
  connecting_to: { host: 'iperf.example.net', port: 5201 },
  cookie: 'hj7lzzfhb2fcmdcktubdkacqqkm7qxo4gtm6',
  tcp_mss_default: 1448,
  test_start: { protocol: 'TCP', num_streams: 1, blksize: 131072, omit: 0, duration: 10, reverse: 0, ...testStart },
});
const tcpEnd = {
  sum_sent: { start: 0, end: 10, seconds: 10, bytes: 1_180_000_000, bits_per_second: 944_000_000, retransmits: 37 },
  sum_received: { start: 0, end: 10, seconds: 10, bytes: 1_175_000_000, bits_per_second: 940_000_000 },
};

describe('iperf3 results', () => {
  it('makes a test the client sent in an upload, as its receiver measured it, with the retransmissions', () => {
    expect(measurementsOf(iperf3Format, { start: start({}), intervals: [], end: tcpEnd })).toEqual([
      expect.objectContaining({
        probeId: 'lab1',
        program: 'iperf3',
        source: 'iperf3',
        testType: 'http-upload',
        status: 'Finished',
        measuredAt: '2026-11-02T09:30:00.000Z',
        destination: { name: 'iperf.example.net', ip: '192.0.2.40' },
        kpis: { upload: 940 },
        details: {
          bytes: 1_175_000_000,
          retransmits: 37,
          tool: 'iperf 3.16',
          sourceRef: 'hj7lzzfhb2fcmdcktubdkacqqkm7qxo4gtm6 upload',
        },
      }),
    ]);
  });

  it('makes a reversed test a download, a bidirectional one both, and a UDP test’s jitter and loss its own', () => {
    const [download] = measurementsOf(iperf3Format, { start: start({ reverse: 1 }), end: tcpEnd });
    expect(download).toMatchObject({ testType: 'http-download', kpis: { download: 940 } });
    const both = measurementsOf(iperf3Format, {
      start: start({ bidir: 1 }),
      end: {
        ...tcpEnd,
        sum_sent_bidir_reverse: { bits_per_second: 410_000_000, retransmits: 2 },
        sum_received_bidir_reverse: { bits_per_second: 405_500_000, bytes: 506_875_000 },
      },
    });
    expect(both.map(({ testType, kpis }) => [testType, kpis])).toEqual([
      ['http-upload', { upload: 940 }],
      ['http-download', { download: 405.5 }],
    ]);
    const [udp] = measurementsOf(iperf3Format, {
      start: start({ protocol: 'UDP' }),
      end: {
        sum: {
          bytes: 1_310_720,
          bits_per_second: 1_048_576,
          jitter_ms: 0.0215,
          lost_packets: 3,
          packets: 1000,
          lost_percent: 0.3,
        },
      },
    });
    expect(udp).toMatchObject({
      testType: 'http-upload',
      kpis: { upload: 1.049, jitter: 0.022, loss: 0.3 },
      details: { sent: 1000, received: 997 },
    });
  });

  it('makes a test iperf3 could not run an error, in its words', () => {
    const [failed] = measurementsOf(iperf3Format, {
      start: start({}),
      end: {},
      error: 'unable to connect to server: Connection refused',
    });
    expect(failed).toMatchObject({
      status: 'Error',
      failure: { reason: 'connectionRefused', detail: 'unable to connect to server: Connection refused' },
    });
  });

  it('refuses what it cannot read: no start, no time', () => {
    expect(refusalOf(iperf3Format, { end: tcpEnd })).toEqual({
      code: 'resultImports.notAResult',
      params: { format: 'iperf3' },
    });
    const { timestamp: _, ...untimed } = start({});
    expect(refusalOf(iperf3Format, { start: untimed, end: tcpEnd })).toEqual({ code: 'resultImports.noTime' });
    expect(refusalOf(iperf3Format, { start: start({}), end: { sum_received: { bits_per_second: -1 } } })).toMatchObject(
      {
        params: { field: 'end.sum_received.bits_per_second' },
      },
    );
  });
});
