import { describe, expect, it } from 'vitest';
import { ooklaFormat } from './ookla.ts';
import { measurementsOf, refusalOf, testSettings } from './read-result.fixture.ts';

// `speedtest --format=json` (Ookla's Speedtest CLI) as it prints a result: bandwidth in bytes per second.

const result = {
  type: 'result',
  timestamp: '2026-11-02T09:30:00Z',
  ping: { jitter: 0.85, latency: 11.2, low: 10.4, high: 12.9 },
  download: { bandwidth: 11_875_000, bytes: 142_000_000, elapsed: 12000, latency: { iqm: 25.1 } },
  upload: { bandwidth: 2_500_000, bytes: 30_000_000, elapsed: 12000 },
  packetLoss: 0.5,
  isp: 'Movistar',
  interface: { internalIp: '10.0.0.5', name: 'eth0', isVpn: false, externalIp: '198.51.100.30' },
  server: {
    id: 12345,
    host: 'speedtest.example.net',
    port: 8080,
    name: 'Example Madrid',
    location: 'Madrid',
    ip: '192.0.2.90',
  },
  result: {
    id: '5f0e8c3a-1111-2222-3333-444455556666',
    url: 'https://www.speedtest.net/result/c/5f0e8c3a',
    persisted: true,
  },
};

describe('Ookla Speedtest CLI results', () => {
  it('makes a run a download, an upload (bytes/s × 8 in Mbit/s) and a ping, with its ISP and server', () => {
    const [download, upload, ping] = measurementsOf(ooklaFormat, result);
    const shared = {
      probeId: 'lab1',
      program: 'ookla',
      source: 'ookla',
      measuredAt: '2026-11-02T09:30:00.000Z',
      isp: 'Movistar',
      ip: '198.51.100.30',
      destination: { name: 'Example Madrid', ip: '192.0.2.90' },
    };
    expect(download).toMatchObject({ ...shared, testType: 'http-download', kpis: { download: 95 } });
    expect(download!.details).toEqual({
      bytes: 142_000_000,
      tool: 'Ookla Speedtest CLI',
      sourceRef: '5f0e8c3a-1111-2222-3333-444455556666 download',
    });
    expect(upload).toMatchObject({ ...shared, testType: 'http-upload', kpis: { upload: 20 } });
    expect(ping).toMatchObject({ ...shared, testType: 'tcp-ping', kpis: { latency: 11.2, jitter: 0.85, loss: 0.5 } });
    expect(new Set([download, upload, ping].map((m) => m!.measurementId)).size).toBe(3);
  });

  it('passes over its log lines and refuses a result it cannot read', () => {
    expect(ooklaFormat.read({ type: 'log', level: 'error', message: 'Timeout', timestamp: '' }, testSettings)).toEqual({
      measurements: [],
    });
    expect(refusalOf(ooklaFormat, { ...result, download: { bytes: 1 } })).toMatchObject({
      code: 'resultImports.invalidField',
      params: { field: 'download.bandwidth' },
    });
    expect(refusalOf(ooklaFormat, { ...result, timestamp: 'soon' })).toMatchObject({ params: { field: 'timestamp' } });
    expect(refusalOf(ooklaFormat, [result])).toEqual({
      code: 'resultImports.notAResult',
      params: { format: 'Ookla Speedtest' },
    });
  });
});
