import { setTimeout as sleep } from 'node:timers/promises';
import { type LayerId, type QueryCoverage, queryCoverageSchema, translate } from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

const layers = (...ids: LayerId[]) => ids.map((id) => ({ id, groups: [] }));
// A national panel's history by provider and technology, month by month.
const national = { kpi: 'download', granularity: 'month', breakdowns: ['provider', 'technology'] };

/**
 * `POST /api/graphic/coverage` (docs/features/measurements-and-analytics.md, "Queries over years"): before a long
 * query runs, whether a cube answers it or it reads raw measurements over how many months, the cube that would answer
 * it, or why none can; with the access and refusals of `POST /api/graphic`.
 */
describe('the coverage of a graphic query — embedded', { timeout: 120_000 }, () => {
  let api: TestApi;
  let analyst: SignedClient;
  const coverage = async (client: SignedClient, payload: object, language = 'en') => {
    const response = await client.inject({
      method: 'POST',
      url: '/api/graphic/coverage',
      payload,
      headers: { 'accept-language': language },
    });
    return { status: response.statusCode, body: response.json() };
  };
  const answered = async (payload: object): Promise<QueryCoverage> => {
    const { status, body } = await coverage(analyst, payload);
    expect(status, JSON.stringify(body)).toBe(200);
    return queryCoverageSchema.parse(body);
  };

  beforeAll(async () => {
    api = await openTestApi();
    analyst = await api.as('coverage-analyst', {
      layers: layers('basic_graphic_generator', 'evolution'),
      timeZone: 'Europe/Madrid',
    });
    // From January to May 2025 in Madrid: five months of raw measurements (the first is 31 December in UTC).
    const measuredAt = ['2024-12-31T23:30:00.000Z', '2025-03-02T10:00:00.000Z', '2025-05-20T10:00:00.000Z'];
    const written = await api.platform.measurements.write(
      measuredAt.map((at, index) =>
        sampleMeasurement({
          measuredAt: at,
          receivedAt: at,
          provider: 'movistar',
          kpis: { download: 50 + index, latency: 20 },
        }),
      ),
    );
    expect(written).toEqual({ failed: [] });
  }, 120_000);
  afterAll(() => api?.raw.close());

  it('says a query no cube covers reads raw months, and suggests the daily cube of its dimensions and KPI', async () => {
    expect(await answered(national)).toEqual({
      source: 'raw',
      months: 5,
      suggestion: {
        name: 'daily-provider-technology-download',
        grain: 'day',
        timeZone: 'Europe/Madrid',
        dimensions: ['provider', 'technology'],
        kpis: ['download'],
      },
    });
    // The months it reads within its dates; none when it reads nothing.
    expect(await answered({ ...national, tsStart: '2025-03-01', tsEnd: '2025-12-31' })).toMatchObject({ months: 3 });
    expect(await answered({ ...national, tsStart: '2026-01-01' })).toMatchObject({ months: 0 });
    // By hours: UTC hours.
    expect(await answered({ ...national, granularity: 'hours' })).toMatchObject({
      suggestion: { name: 'hourly-provider-technology-download', grain: 'hour', timeZone: 'Etc/UTC' },
    });
  });

  it('says why no cube can answer a query', async () => {
    const conditioned = { ...national, conditions: { kpi: 'latency', operator: 'lt', value: 50 }, outliers: true };
    expect(await answered(conditioned)).toEqual({ source: 'raw', months: 5, uncoverable: ['conditions', 'outliers'] });
    expect(await answered({ ...national, granularity: 'minutes' })).toMatchObject({ uncoverable: ['granularity'] });
    expect(await answered({ ...national, receivedUntil: '2026-01-01T00:00:00Z' })).toMatchObject({
      uncoverable: ['receivedUntil'],
    });
  });

  it('names the cube that answers a query once one is built, as the graphic then says', async () => {
    const created = await api.app.inject({
      method: 'POST',
      url: '/api/cubes',
      payload: { name: 'national', grain: 'day', timeZone: 'Europe/Madrid', dimensions: ['provider', 'technology'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    // Defined, it is built first (a job): until then the query reads raw, naming the cube being built once the
    // definitions are read again (every 5 s).
    for (let tries = 0; ; tries++) {
      const found = await answered(national);
      if (found.source === 'cube') break;
      expect(found).toMatchObject({ source: 'raw', months: 5 });
      if ('building' in found) expect(found).toEqual({ source: 'raw', months: 5, building: 'national' });
      expect(tries).toBeLessThan(120);
      await sleep(500);
    }
    expect(await answered(national)).toEqual({ source: 'cube', cube: 'national' });
    const graphic = await analyst.inject({ method: 'POST', url: '/api/graphic', payload: national });
    expect(graphic.json().source).toBe('cube national');
  });

  it('answers with the access and refusals of the graphic itself', async () => {
    const elsewhere = await api.as('coverage-elsewhere', { layers: layers('cubes_configuration') });
    expect((await coverage(elsewhere, national)).status).toBe(403);
    const boxplot = await coverage(analyst, { graphicType: 'boxplot', axes: { value: 'latency' } }, 'es');
    expect([boxplot.status, boxplot.body.code, boxplot.body.message]).toEqual([
      403,
      'graphics.typeRequiresAdvanced',
      translate('graphics.typeRequiresAdvanced', 'es'),
    ]);
    expect((await coverage(analyst, { granularity: 'month' })).status).toBe(400);
    // A KPI the profile does not have leaves nothing to read.
    const latencyOnly = await api.as('coverage-latency', {
      layers: layers('basic_graphic_generator'),
      kpis: [{ id: 'latency', fringes: [0, 1, 2], inverse: false }],
    });
    expect((await coverage(latencyOnly, national)).body).toEqual({ source: 'none' });
  });
});
