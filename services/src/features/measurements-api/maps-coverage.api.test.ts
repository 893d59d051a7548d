import { type LayerId, type QueryCoverage, queryCoverageSchema } from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

const layers = (...ids: LayerId[]) => ids.map((id) => ({ id, groups: [] }));

/**
 * `POST /maps/coverage` (docs/features/measurements-and-analytics.md, "Queries over years"): where a map is read
 * from before it is asked — never a cube, no cube keeping locations — over how many months of located measurements,
 * with the map's body, `?asOf=` and access.
 */
describe("the coverage of a map's query — embedded", { timeout: 120_000 }, () => {
  let api: TestApi;
  let analyst: SignedClient;
  const post = async (client: SignedClient, url: string, payload: object) => {
    const response = await client.inject({ method: 'POST', url, payload });
    return { status: response.statusCode, body: response.json() };
  };
  const answered = async (payload: object): Promise<QueryCoverage> => {
    const { status, body } = await post(analyst, '/maps/coverage', payload);
    expect(status, JSON.stringify(body)).toBe(200);
    return queryCoverageSchema.parse(body);
  };

  beforeAll(async () => {
    api = await openTestApi();
    analyst = await api.as('maps-coverage-analyst', { layers: layers('maps'), timeZone: 'Europe/Madrid' });
    // Located from January to May 2025 in Madrid (the first is 31 December in UTC); in September, without a location.
    const located = ['2024-12-31T23:30:00.000Z', '2025-03-02T10:00:00.000Z', '2025-05-20T10:00:00.000Z'];
    const written = await api.platform.measurements.write([
      ...located.map((at, index) =>
        sampleMeasurement({ measuredAt: at, receivedAt: at, kpis: { download: 50 + index } }),
      ),
      sampleMeasurement({
        measuredAt: '2025-09-10T10:00:00.000Z',
        receivedAt: '2025-09-10T10:00:00.000Z',
        kpis: { download: 70 },
        location: undefined,
      }),
    ]);
    expect(written).toEqual({ failed: [] });
  }, 120_000);
  afterAll(() => api?.raw.close());

  it('says a map reads the raw located measurements, over their months, and that no cube can answer it', async () => {
    expect(await answered({ kpi: 'download', zoom: 12, metric: 'max' })).toEqual({
      source: 'raw',
      months: 5,
      uncoverable: ['located'],
    });
    // The months within its dates; none when it reads nothing.
    expect(await answered({ kpi: 'download', tsStart: '2025-03-01', tsEnd: '2025-12-31' })).toMatchObject({
      months: 3,
    });
    expect(await answered({ kpi: 'download', tsStart: '2026-01-01' })).toMatchObject({ months: 0 });
    // A reproduced map (`receivedUntil`, `?asOf=`): that too.
    const map = await post(analyst, '/maps', { kpi: 'download' });
    expect(map.status, JSON.stringify(map.body)).toBe(200);
    const { asOf, query } = map.body.reproduce;
    const pinned = await post(analyst, `/maps/coverage?asOf=${asOf}`, query);
    expect(pinned).toEqual({
      status: 200,
      body: { source: 'raw', months: 5, uncoverable: ['located', 'receivedUntil'] },
    });
  });

  it('answers with the access and refusals of the map itself', async () => {
    const evolutionOnly = await api.as('maps-coverage-evolution', { layers: layers('evolution') });
    expect((await post(evolutionOnly, '/maps/coverage', { kpi: 'download' })).status).toBe(403);
    // A body the map refuses: no KPI.
    expect((await post(analyst, '/maps/coverage', { metric: 'avg' })).status).toBe(400);
    // A KPI the profile does not have leaves nothing to read.
    const latencyOnly = await api.as('maps-coverage-latency', {
      layers: layers('maps'),
      kpis: [{ id: 'latency', fringes: [0, 1, 2], inverse: false }],
    });
    expect((await post(latencyOnly, '/maps/coverage', { kpi: 'download' })).body).toEqual({ source: 'none' });
  });
});
