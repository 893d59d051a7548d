import { type LayerId, type QueryCoverage, queryCoverageSchema, translate } from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

const layers = (...ids: LayerId[]) => ids.map((id) => ({ id, groups: [] }));
const screens = ['/api/evolution', '/api/benchmark', '/api/bydestination'] as const;

/**
 * `POST /api/evolution/coverage`, `/api/benchmark/coverage`, `/api/bydestination/coverage`
 * (docs/features/measurements-and-analytics.md, "Queries over years"): the coverage of the query a screen's own body
 * asks, before it runs, with the screen's body, `?asOf=`, access and refusals.
 */
describe("the coverage of the evolution, benchmark and by-destination screens' queries — embedded", {
  timeout: 120_000,
}, () => {
  let api: TestApi;
  let analyst: SignedClient;
  const post = async (client: SignedClient, url: string, payload: object, language = 'en') => {
    const response = await client.inject({ method: 'POST', url, payload, headers: { 'accept-language': language } });
    return { status: response.statusCode, body: response.json() };
  };
  const answered = async (url: string, payload: object): Promise<QueryCoverage> => {
    const { status, body } = await post(analyst, url, payload);
    expect(status, `${url} ${JSON.stringify(body)}`).toBe(200);
    return queryCoverageSchema.parse(body);
  };

  beforeAll(async () => {
    api = await openTestApi();
    analyst = await api.as('screen-coverage-analyst', {
      layers: layers('evolution', 'benchmark', 'bydestination'),
      timeZone: 'Europe/Madrid',
      service: 'landline',
      programs: [
        { id: 'speedtest', type: 2, program: 'Speed test', groups: [] },
        { id: 'quality', type: 3, program: 'Quality', groups: [] },
      ],
      serverDestinations: [{ name: 'madrid-1', ip: '10.0.0.1' }],
    });
    // From January to May 2025 in Madrid: five months of raw measurements (the first is 31 December in UTC).
    const measuredAt = ['2024-12-31T23:30:00.000Z', '2025-03-02T10:00:00.000Z', '2025-05-20T10:00:00.000Z'];
    const written = await api.platform.measurements.write(
      measuredAt.map((at, index) =>
        sampleMeasurement({
          measuredAt: at,
          receivedAt: at,
          program: 'speedtest',
          destination: { name: 'madrid-1' },
          kpis: { download: 50 + index, latency: 20 },
        }),
      ),
    );
    expect(written).toEqual({ failed: [] });
  }, 120_000);
  afterAll(() => api?.raw.close());

  it("says each screen's query reads raw months, and suggests the daily cube of its dimensions and KPI", async () => {
    // Evolution: by day, its breakdowns.
    expect(await answered('/api/evolution/coverage', { kpi: 'download', breakdowns: ['technology'] })).toEqual({
      source: 'raw',
      months: 5,
      suggestion: {
        name: 'daily-technology-download',
        grain: 'day',
        timeZone: 'Europe/Madrid',
        dimensions: ['technology'],
        kpis: ['download'],
      },
    });
    // Benchmark: broken down by what it compares first (ISPs unless asked).
    expect(await answered('/api/benchmark/coverage', { kpi: 'latency', by: 'provider' })).toEqual({
      source: 'raw',
      months: 5,
      suggestion: {
        name: 'daily-provider-latency',
        grain: 'day',
        timeZone: 'Europe/Madrid',
        dimensions: ['provider'],
        kpis: ['latency'],
      },
    });
    // By destination: the programs and the profile's destinations for them are filters, the destination a breakdown.
    expect(await answered('/api/bydestination/coverage', { kpi: 'latency', programs: ['speedtest'] })).toEqual({
      source: 'raw',
      months: 5,
      suggestion: {
        name: 'daily-program-destination-latency',
        grain: 'day',
        timeZone: 'Europe/Madrid',
        dimensions: ['program', 'destination'],
        kpis: ['latency'],
      },
    });
    // The months within its dates; by hours, UTC hours.
    expect(
      await answered('/api/evolution/coverage', { kpi: 'download', tsStart: '2025-03-01', tsEnd: '2025-12-31' }),
    ).toMatchObject({ source: 'raw', months: 3 });
    expect(await answered('/api/benchmark/coverage', { kpi: 'download', granularity: 'hours' })).toMatchObject({
      suggestion: { name: 'hourly-isp-download', grain: 'hour', timeZone: 'Etc/UTC' },
    });
  });

  it('says why no cube can answer a query, a pinned one (`?asOf=` and `receivedUntil`) too', async () => {
    expect(await answered('/api/benchmark/coverage', { kpi: 'latency', outliers: true })).toEqual({
      source: 'raw',
      months: 5,
      uncoverable: ['outliers'],
    });
    const { status, body } = await post(analyst, '/api/evolution', { kpi: 'download' });
    expect(status).toBe(200);
    const { asOf, receivedUntil, query } = body.reproduce;
    const pinned = await analyst.inject({
      method: 'POST',
      url: `/api/evolution/coverage?asOf=${asOf}`,
      payload: query,
    });
    expect([pinned.statusCode, pinned.json()]).toEqual([
      200,
      { source: 'raw', months: 5, uncoverable: ['receivedUntil'] },
    ]);
    expect(query.receivedUntil).toBe(receivedUntil);
  });

  it('answers with the access and refusals of the screen itself', async () => {
    const evolutionOnly = await api.as('screen-coverage-evolution', { layers: layers('evolution') });
    for (const path of screens) {
      const allowed = path === '/api/evolution' ? 200 : 403;
      const body = { kpi: 'latency', ...(path === '/api/bydestination' ? { programs: ['speedtest'] } : {}) };
      expect((await post(evolutionOnly, `${path}/coverage`, body)).status, path).toBe(allowed);
      expect((await post(evolutionOnly, path, body)).status, path).toBe(allowed);
      // A body the screen refuses: no KPI.
      expect((await post(analyst, `${path}/coverage`, { granularity: 'month' })).status, path).toBe(400);
    }
    const twice = await post(analyst, '/api/benchmark/coverage', { kpi: 'download', breakdowns: ['isp'] });
    expect([twice.status, twice.body.code]).toEqual([400, 'validation.invalidOption']);
    const noTargets = await post(
      analyst,
      '/api/bydestination/coverage',
      { kpi: 'latency', programs: ['quality'] },
      'es',
    );
    expect([noTargets.status, noTargets.body.code, noTargets.body.message]).toEqual([
      422,
      'destinations.noTargets',
      translate('destinations.noTargets', 'es'),
    ]);
    const unoffered = await post(analyst, '/api/evolution/coverage', { kpi: 'download', breakdowns: ['campaign'] });
    expect([unoffered.status, unoffered.body.code]).toEqual([422, 'profiles.selectionNotOffered']);
    // A KPI the profile does not have leaves nothing to read.
    const latencyOnly = await api.as('screen-coverage-latency', {
      layers: layers('evolution'),
      kpis: [{ id: 'latency', fringes: [0, 1, 2], inverse: false }],
    });
    expect((await post(latencyOnly, '/api/evolution/coverage', { kpi: 'download' })).body).toEqual({ source: 'none' });
  });
});
