import type { EnrichedMeasurement, ProfileFields } from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

const movistar = 'provider-movistar';

/** Probe p1's program `mixed` over three days: transfers (layer 4), pings (layer 3) and a DNS look-up. */
const result = (id: string, changes: Partial<EnrichedMeasurement>) =>
  sampleMeasurement({ measurementId: id, probeId: 'p1', program: 'mixed', ispId: movistar, ...changes });
const measurements = [
  result('r1', { measuredAt: '2026-03-02T08:00:00.000Z', kpis: { download: 80, latency: 20 } }),
  result('r2', { measuredAt: '2026-03-02T12:00:00.000Z', testType: 'icmp-ping', kpis: { latency: 10, jitter: 1 } }),
  result('r3', {
    measuredAt: '2026-03-03T08:00:00.000Z',
    status: 'Error',
    failure: { reason: 'timeout', detail: 'no answer within 30 s' },
    kpis: { latency: 40 },
  }),
  result('r4', {
    measuredAt: '2026-03-03T09:00:00.000Z',
    testType: 'icmp-ping',
    status: 'Invalid',
    kpis: { latency: 30 },
  }),
  result('r5', {
    measuredAt: '2026-03-04T10:00:00.000Z',
    testType: 'http-upload',
    status: 'Valid',
    kpis: { upload: 20, latency: 24 },
  }),
  result('r6', {
    measuredAt: '2026-03-04T11:00:00.000Z',
    testType: 'dns',
    status: 'Cancelled',
    destination: { name: 'resolver-1' },
    kpis: { resolution: 12 },
  }),
  result('r7', { measuredAt: '2026-03-05T11:00:00.000Z', program: 'other' }),
  sampleMeasurement({ measurementId: 'q1', probeId: 'p2', program: 'mixed', ispId: movistar }),
];

const analystProfile: Partial<ProfileFields> = {
  layers: [{ id: 'test_analysis', groups: [] }],
  isps: [{ id: movistar }],
  kpis: [
    { id: 'download', fringes: [0, 1, 2], inverse: false },
    { id: 'latency', fringes: [0, 1, 2], inverse: true },
  ],
  probes: ['p1'],
};

describe('test analysis API (embedded profile)', { timeout: 60_000 }, () => {
  let api: TestApi;
  let admin: SignedClient;
  let analyst: SignedClient;
  const ids = (body: { list: { measurementId: string }[] }) => body.list.map((item) => item.measurementId);
  const results = async (client: SignedClient, query = '', probe = 'p1') => {
    const response = await client.inject(`/test-analysis/${probe}/programs/mixed/results${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const series = async (query: string) => {
    const response = await admin.inject(`/test-analysis/p1/programs/mixed/series${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json()
      .series.map((item: { buckets: { key: string; count: number; value: number }[] }) =>
        item.buckets.map(({ key, count, value }) => [key.slice(0, 10), count, value]),
      );
  };

  beforeAll(async () => {
    api = await openTestApi();
    admin = api.app;
    analyst = await api.as('analyst', analystProfile);
    let position = '';
    for (const probeId of ['p1', 'p2']) {
      const response = await admin.inject({
        method: 'POST',
        url: '/probes',
        payload: { probeId, family: 'Cube', name: `Probe ${probeId}`, type: 'mobile' },
      });
      expect(response.statusCode, response.body).toBe(201);
      position = response.json().position;
    }
    // Read-your-writes: both probes are projected once the last one is.
    expect((await admin.inject(`/probes/p2?minPosition=${position}`)).statusCode).toBe(200);
    expect(await api.platform.measurements.write(measurements)).toEqual({ failed: [] });
  }, 120_000);
  afterAll(() => api?.raw.close());

  it('pages one program’s results by measured time, newest first unless asked, with their KPIs', async () => {
    const first = await results(admin, '?pageSize=2');
    expect(first).toMatchObject({ probeId: 'p1', program: 'mixed', count: 6, page: 1, pageSize: 2 });
    expect(first.list[0]).toEqual({
      measurementId: 'r6',
      measuredAt: '2026-03-04T11:00:00.000Z',
      status: 'Cancelled',
      testType: 'dns',
      destination: 'resolver-1',
      technology: 4,
      kpis: { resolution: 12 },
    });
    expect(ids(await results(admin, '?pageSize=2&page=2'))).toEqual(['r4', 'r3']);
    expect(ids(await results(admin, '?pageSize=2&order=asc'))).toEqual(['r1', 'r2']);
    expect(first.kpis.map((kpi: { id: string }) => kpi.id)).toEqual([
      'download',
      'upload',
      'latency',
      'jitter',
      'loss',
      'resolution',
    ]);
    expect(first.kpis[0]).toEqual({ id: 'download', label: 'Download speed', unit: 'Mbps', inverse: false });
  });

  it('says why a result failed, as its probe told', async () => {
    const errored = await results(admin, '?status=error');
    expect(errored.list.map((item: { failure?: unknown }) => item.failure)).toEqual([
      undefined,
      { reason: 'timeout', detail: 'no answer within 30 s' },
    ]);
  });

  it('keeps the results of a status, of a network layer and of a window', async () => {
    expect(ids(await results(admin, '?status=ok'))).toEqual(['r5', 'r2', 'r1']);
    expect(ids(await results(admin, '?status=error'))).toEqual(['r4', 'r3']);
    const layer3 = await results(admin, '?layer=layer3');
    expect(ids(layer3)).toEqual(['r4', 'r2']);
    expect(layer3.kpis.map((kpi: { id: string }) => kpi.id)).toEqual(['latency', 'jitter', 'loss']);
    expect(ids(await results(admin, '?layer=layer4'))).toEqual(['r5', 'r3', 'r1']);
    expect(ids(await results(admin, '?layer=layer3&status=error'))).toEqual(['r4']);
    expect(ids(await results(admin, '?from=2026-03-03&to=2026-03-03'))).toEqual(['r4', 'r3']);
    expect(ids(await results(admin, '?from=2026-03-03T08:30:00Z'))).toEqual(['r6', 'r5', 'r4']);
    expect((await results(admin, '?status=ok&layer=layer3&from=2026-03-04')).count).toBe(0);
  });

  it("shows the analyst only its KPIs, and nothing of a probe it can't see", async () => {
    const body = await results(analyst, '?order=asc');
    expect(ids(body)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6']);
    expect(body.list[1].kpis).toEqual({ latency: 10 });
    expect(body.kpis.map((kpi: { id: string }) => kpi.id)).toEqual(['download', 'latency']);
    for (const [client, url] of [
      [analyst, '/test-analysis/p2/programs/mixed/results'],
      [analyst, '/test-analysis/p2/programs/mixed/series?kpi=latency'],
      [admin, '/test-analysis/nothing/programs/mixed/results'],
    ] as const) {
      const missing = await client.inject(url);
      expect([missing.statusCode, missing.json().code]).toEqual([404, 'probes.notFound']);
    }
  });

  it('refuses a status, layer or page it does not know', async () => {
    for (const query of ['?status=broken', '?layer=layer7', '?pageSize=500', '?page=0', '?page=101&pageSize=100']) {
      const refused = await admin.inject(`/test-analysis/p1/programs/mixed/results${query}`);
      expect(refused.statusCode, query).toBe(400);
    }
  });

  it('draws a KPI’s daily average of the results the status and layer keep', async () => {
    expect(await series('?kpi=latency')).toEqual([
      [
        ['2026-03-02', 2, 15],
        ['2026-03-03', 2, 35],
        ['2026-03-04', 1, 24],
      ],
    ]);
    expect(await series('?kpi=latency&status=ok')).toEqual([
      [
        ['2026-03-02', 2, 15],
        ['2026-03-04', 1, 24],
      ],
    ]);
    expect(await series('?kpi=latency&layer=layer3')).toEqual([
      [
        ['2026-03-02', 1, 10],
        ['2026-03-03', 1, 30],
      ],
    ]);
    expect(await series('?kpi=latency&layer=layer4&status=error')).toEqual([[['2026-03-03', 1, 40]]]);
    expect(await series('?kpi=download&layer=layer3')).toEqual([]);
    const hourly = await series('?kpi=latency&granularity=hours&from=2026-03-02&to=2026-03-02');
    expect(hourly[0].map((bucket: unknown[]) => bucket.slice(1))).toEqual([
      [1, 20],
      [1, 10],
    ]);
  });

  it('counts the programs within a window', async () => {
    const all = await admin.inject('/test-analysis/p1/programs');
    expect(all.json().list).toEqual([
      { program: 'mixed', count: 6, lastMeasuredAt: '2026-03-04T11:00:00.000Z' },
      { program: 'other', count: 1, lastMeasuredAt: '2026-03-05T11:00:00.000Z' },
    ]);
    const window = await admin.inject('/test-analysis/p1/programs?from=2026-03-04&to=2026-03-04');
    expect(window.json().list).toEqual([{ program: 'mixed', count: 2, lastMeasuredAt: '2026-03-04T11:00:00.000Z' }]);
  });
});
