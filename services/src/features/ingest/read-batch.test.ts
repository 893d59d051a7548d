import { measurementSchema } from '@nq/contracts';
import type { LogRecord } from '@nq/platform/log/log-port';
import { describe, expect, it } from 'vitest';
import { readBatch } from './ingest-batch.ts';

const recordOf = (value: unknown, offset: number): LogRecord => ({
  topic: 'measurements.raw',
  partition: 0,
  offset: String(offset),
  timestamp: 0,
  key: 'probe-1',
  value: JSON.stringify(value),
});

const full = {
  measurementId: '  m-1  ',
  probeId: 'probe-1',
  taskSuite: 'suite',
  connectionId: 'conn',
  program: 'speedtest',
  testType: 'http-download',
  destination: { name: ' madrid-1 ', ip: '10.0.0.1', extra: true },
  technology: 5,
  isp: 'Movistar',
  imsi: '214079999999999',
  ip: '10.0.0.2',
  measuredAt: '2026-11-20T22:30:00.123456+01:00',
  location: { lat: 40.42, lon: -3.7 },
  taskMode: 'passive',
  status: 'Error',
  failure: { reason: 'timeout', detail: ' no answer ' },
  kpis: { download: 210.5, latency: 18 },
  device: { model: 'rpi', appVersion: '1.2.0' },
  connectedDevices: 3,
  source: 'iperf3',
  details: { timings: { dns: 3 }, bytes: 10, hops: [{ hop: 1, rtts: [1, 2] }, { hop: 2 }], tool: 'iperf 3.12' },
  notInTheSchema: 'dropped',
};
const least = {
  measurementId: 'm-2',
  probeId: 'probe-1',
  program: 'quality',
  testType: 'icmp-ping',
  technology: 4,
  measuredAt: '2026-11-20T21:30:00Z',
  status: 'Finished',
};
const invalid = [
  { ...least, testType: 'carrier-pigeon' },
  { ...least, imsi: '2140' },
  { ...least, kpis: { ['k'.repeat(65)]: 1, download: 'fast' } },
  { ...least, measuredAt: '2026-02-30T00:00:00Z', location: { lat: 91, lon: 0 } },
  { ...least, measurementId: '   ', details: { hops: [{ hop: 300 }] } },
  [least],
  null,
];

describe('reading a batch of measurements.raw', () => {
  it('validates each measurement exactly as the measurement schema does: its output, and the issues of the invalid', () => {
    const values = [full, least, ...invalid];
    const { measurements, deadLetters } = readBatch(values.map(recordOf));
    const expected = values.map((value) => measurementSchema.safeParse(value));
    // Key order too: the JSON written and passed on is the schema's output as it is.
    expect(measurements.map((measurement) => JSON.stringify(measurement))).toEqual(
      expected.flatMap((result) => (result.success ? [JSON.stringify(result.data)] : [])),
    );
    expect(measurements).toHaveLength(2);
    expect(deadLetters.map((letter) => letter.problems)).toEqual(
      expected.flatMap((result) =>
        result.success
          ? []
          : [result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }))],
      ),
    );
  });
});
