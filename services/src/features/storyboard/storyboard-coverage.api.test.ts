import { type LayerId, type QueryCoverage, queryCoverageSchema, type StoryboardResponse } from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

const layers = (...ids: LayerId[]) => ids.map((id) => ({ id, groups: [] }));
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/**
 * `POST /api/storyboard/coverage` (docs/features/measurements-and-analytics.md, "Queries over years"): where the
 * storyboard's main KPIs over the last 30 days are read from, before it is asked, with its pin and access.
 */
describe("the coverage of the storyboard's KPIs — embedded", { timeout: 120_000 }, () => {
  let api: TestApi;
  let analyst: SignedClient;
  const coverage = async (client: SignedClient, payload: object = {}, asOf?: string) => {
    const url = `/api/storyboard/coverage${asOf ? `?asOf=${asOf}` : ''}`;
    const response = await client.inject({ method: 'POST', url, payload });
    return { status: response.statusCode, body: response.json() };
  };
  const answered = async (payload?: object, asOf?: string): Promise<QueryCoverage> => {
    const { status, body } = await coverage(analyst, payload, asOf);
    expect(status, JSON.stringify(body)).toBe(200);
    return queryCoverageSchema.parse(body);
  };

  beforeAll(async () => {
    api = await openTestApi();
    analyst = await api.as('storyboard-coverage-analyst', {
      layers: layers('storyboard'),
      timeZone: 'Europe/Madrid',
      kpis: [
        { id: 'download', fringes: [0, 1], inverse: false },
        { id: 'latency', fringes: [0, 1, 2], inverse: true },
      ],
    });
    // One within the last 30 days, one before them.
    const written = await api.platform.measurements.write(
      [daysAgo(2), daysAgo(60)].map((at) =>
        sampleMeasurement({ measuredAt: at, receivedAt: at, kpis: { download: 50, latency: 20 } }),
      ),
    );
    expect(written).toEqual({ failed: [] });
  }, 120_000);
  afterAll(() => api?.raw.close());

  it('says its KPIs read a month of raw measurements, and suggests the one daily cube of them all', async () => {
    expect(await answered()).toEqual({
      source: 'raw',
      months: 1,
      suggestion: {
        name: 'daily-download-latency',
        grain: 'day',
        timeZone: 'Europe/Madrid',
        dimensions: [],
        kpis: ['download', 'latency'],
      },
    });
  });

  it('says a pinned storyboard (an answer’s `receivedUntil`, `?asOf=`) has no cube to answer it', async () => {
    const board = await analyst.inject('/api/storyboard');
    expect(board.statusCode, board.body).toBe(200);
    const { asOf, receivedUntil } = (board.json() as StoryboardResponse).reproduce;
    expect(await answered({ receivedUntil }, asOf)).toEqual({
      source: 'raw',
      months: 1,
      uncoverable: ['receivedUntil'],
    });
  });

  it('answers with the access and refusals of the storyboard itself', async () => {
    const evolutionOnly = await api.as('storyboard-coverage-evolution', { layers: layers('evolution') });
    expect((await coverage(evolutionOnly)).status).toBe(403);
    expect((await coverage(analyst, { receivedUntil: 'yesterday' })).status).toBe(400);
    // A profile whose dates begin tomorrow has no days to chart (its KPIs tile says so).
    const early = await api.as('storyboard-coverage-early', {
      layers: layers('storyboard'),
      tsStart: daysAgo(-1),
    });
    const refused = await coverage(early);
    expect([refused.status, refused.body.code]).toEqual([422, 'profiles.outOfDateLimits']);
  });
});
