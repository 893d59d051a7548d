import { describe, expect, it } from 'vitest';
import { ndt7Format } from './ndt7.ts';
import { measurementsOf, refusalOf, testSettings } from './read-result.fixture.ts';

// The ndt7 client's summary (ndt7-client-go, `-format json`) and rows of M-Lab's BigQuery ndt7 table and unified
// views, in the shapes they document.

const summary = {
  ServerFQDN: 'ndt-mlab1-mad05.mlab-oti.measurement-lab.org',
  ServerIP: '192.0.2.80',
  ClientIP: '198.51.100.20',
  Download: {
    UUID: 'ndt-abc123_1700000000_0000000000A1',
    Throughput: { Value: 93.25, Unit: 'Mbit/s' },
    Latency: { Value: 12.5, Unit: 'ms' },
    Retransmission: { Value: 0.8, Unit: '%' },
  },
  Upload: {
    UUID: 'ndt-abc123_1700000000_0000000000A2',
    Throughput: { Value: 18500, Unit: 'kbit/s' },
    Latency: { Value: 13, Unit: 'ms' },
    Retransmission: { Value: 0, Unit: '%' },
  },
};
const measuredAt = '2026-11-02T09:30:00.000Z';

const row = (raw: Record<string, unknown>) => ({
  id: 'ndt-xyz789_1700000000_00000000001F',
  date: '2026-11-02',
  a: {
    UUID: 'ndt-xyz789_1700000000_00000000001F',
    TestTime: '2026-11-02 09:31:12.345678 UTC',
    CongestionControl: 'bbr',
    MeanThroughputMbps: 245.678,
    MinRTT: 4.2,
    LossRate: 0.0125,
  },
  client: { Network: { ASNumber: 3352, ASName: 'Telefonica de Espana' } },
  server: { Site: 'mad05', Machine: 'mlab1' },
  raw,
});

describe('ndt7 results', () => {
  it('makes the client’s summary a download and an upload at the time the import gives, by their UUIDs', () => {
    const [download, upload] = measurementsOf(ndt7Format, summary, { ...testSettings, measuredAt });
    expect(download).toMatchObject({
      probeId: 'lab1',
      program: 'm-lab-ndt7',
      source: 'm-lab',
      testType: 'http-download',
      measuredAt,
      ip: '198.51.100.20',
      destination: { name: 'ndt-mlab1-mad05.mlab-oti.measurement-lab.org', ip: '192.0.2.80' },
      kpis: { download: 93.25, latency: 12.5, loss: 0.8 },
      details: { tool: 'ndt7-client', sourceRef: 'ndt-abc123_1700000000_0000000000A1' },
    });
    expect(upload).toMatchObject({ testType: 'http-upload', kpis: { upload: 18.5, latency: 13, loss: 0 } });
  });

  it('refuses a summary without a time to give it, and passes over the client’s progress lines', () => {
    expect(refusalOf(ndt7Format, summary)).toEqual({ code: 'resultImports.noTime' });
    expect(ndt7Format.read({ Key: 'measurement', Value: { Test: 'download' } }, testSettings)).toEqual({
      measurements: [],
    });
    const oddUnit = { ...summary, Download: { ...summary.Download, Throughput: { Value: 1, Unit: 'furlongs' } } };
    expect(refusalOf(ndt7Format, oddUnit, { ...testSettings, measuredAt })).toMatchObject({
      params: { field: 'Download.Throughput.Unit' },
    });
  });

  it('reads a BigQuery row of the ndt7 table: its raw record says whether it was a download', () => {
    const [measurement] = measurementsOf(
      ndt7Format,
      row({ ClientIP: '198.51.100.21', ServerIP: '192.0.2.81', Download: {} }),
    );
    expect(measurement).toMatchObject({
      testType: 'http-download',
      measuredAt: '2026-11-02T09:31:12.345Z',
      isp: 'Telefonica de Espana',
      ip: '198.51.100.21',
      destination: { name: 'mad05', ip: '192.0.2.81' },
      // A loss rate of 0.0125 is 1.25 % of the bytes sent again.
      kpis: { download: 245.678, latency: 4.2, loss: 1.25 },
      details: { tool: 'ndt7 (M-Lab)', sourceRef: 'ndt-xyz789_1700000000_00000000001F' },
    });
  });

  it('needs the import’s direction for a row of the unified views, which do not say it', () => {
    const unified = row({});
    delete (unified as { raw?: unknown }).raw;
    expect(refusalOf(ndt7Format, unified)).toEqual({ code: 'resultImports.noDirection' });
    const [upload] = measurementsOf(ndt7Format, unified, { ...testSettings, direction: 'upload' });
    expect(upload).toMatchObject({ testType: 'http-upload', kpis: { upload: 245.678 } });
  });

  it('refuses rows it cannot read, naming the field', () => {
    expect(
      refusalOf(ndt7Format, { ...row({ Download: {} }), a: { TestTime: 'yesterday', MeanThroughputMbps: 1 } }),
    ).toMatchObject({ code: 'resultImports.invalidField', params: { field: 'a.TestTime' } });
    expect(refusalOf(ndt7Format, { a: { TestTime: '2026-11-02T09:31:12Z' } })).toMatchObject({
      params: { field: 'a.MeanThroughputMbps' },
    });
    expect(refusalOf(ndt7Format, { hello: 'world' })).toEqual({
      code: 'resultImports.notAResult',
      params: { format: 'ndt7' },
    });
  });
});
