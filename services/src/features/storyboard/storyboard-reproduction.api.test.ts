import type { EnrichedMeasurement, LayerId, StoryboardResponse } from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

// The storyboard names what reproduces it: the configuration position and the instant its data was received until.
// Asked again with them after the analyst's profile widened, the scorecard changed and late results arrived, its KPIs,
// errored measurements and scorecards answer as they were; its probes' states are the fleet's now, and it says so.

const dayMs = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * dayMs).toISOString();
const layers = (...ids: LayerId[]) => ids.map((id) => ({ id, groups: [] }));
const mosEntry = (kpi: string, mappingFunction: string, lower: number, upper: number) => ({
  kpi,
  weight: 100,
  min: 0,
  max: 1000,
  operator: mappingFunction === 'invertedLinear' ? 'lte' : 'gte',
  mappingFunction,
  limits: { lower, upper, absoluteUpper: upper * 2 },
});

describe('reproducing the storyboard — embedded', { timeout: 120_000 }, () => {
  let api: TestApi;
  let analyst: SignedClient;
  const profileId = 'reproducing-storyboard';
  const ids: Record<string, string> = {};

  const create = async (url: string, payload: object) => {
    const response = await api.app.inject({ method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const storyboard = async (pin?: StoryboardResponse['reproduce']) => {
    const response = await analyst.inject(`/api/storyboard${pin ? `?${new URLSearchParams(pin)}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as StoryboardResponse;
  };
  const restrictTo = async (technologies: number[]) => {
    const response = await api.app.inject({ method: 'PUT', url: `/profiles/${profileId}`, payload: { technologies } });
    expect(response.statusCode, response.body).toBe(200);
    await api.readCaughtUp(`/profiles/${profileId}?minPosition=${response.json().position}`);
  };
  const measured = (technology: 4 | 5, changes: Partial<EnrichedMeasurement>) =>
    sampleMeasurement({
      campaigns: [ids.campaign!],
      provider: ids.movistar,
      ispId: ids.movistar,
      technology,
      technologyLabel: technology === 4 ? '4G' : '5G',
      ...changes,
    });
  /** What a pin reproduces: every tile but the probes' states. */
  const reproducible = ({ scorecards, kpis, errors }: StoryboardResponse) => ({ scorecards, kpis, errors });

  beforeAll(async () => {
    api = await openTestApi();
    ids.movistar = await create('/api/providers', {
      name: 'Movistar',
      label: 'Movistar',
      country: 'Spain',
      numeric: '21407',
    });
    ids.campaign = await create('/api/campaigns-management', {
      name: 'Reproduced storyboard',
      startDate: '2026-01-01',
      endDate: '2027-12-31',
    });
    ids.scorecard = await create('/scorecards', {
      name: 'Reproduced quality',
      weight: 100,
      maxScore: 10,
      campaigns: [ids.campaign],
      providers: [ids.movistar],
      kpis: [{ kpi: 'download', weight: 100, fringes: [] }],
      mosEntries: [mosEntry('download', 'linear', 10, 110)],
    });
    analyst = await api.as(profileId, {
      layers: layers('storyboard', 'scorecard_live', 'evolution'),
      campaigns: [{ id: ids.campaign }],
      technologies: [4],
    });
    expect(
      await api.platform.measurements.write([
        measured(4, { measuredAt: daysAgo(5), receivedAt: daysAgo(5), kpis: { download: 40 } }),
        measured(4, { measuredAt: daysAgo(3), receivedAt: daysAgo(3), kpis: { download: 60 } }),
        measured(5, { measuredAt: daysAgo(4), receivedAt: daysAgo(4), kpis: { download: 90 } }),
        measured(4, { measuredAt: daysAgo(2), receivedAt: daysAgo(2), status: 'Error', kpis: {} }),
      ]),
    ).toEqual({ failed: [] });
    await waitFor('the scorecard on the storyboard', async () => {
      const { scorecards } = await storyboard();
      return 'data' in scorecards && scorecards.data.total === 1;
    });
  }, 120_000);
  afterAll(() => api?.raw.close());

  it('answers the same tiles as of its position and instant after the profile widened, the scorecard changed and late results arrived', async () => {
    const first = await storyboard();
    expect(first.reproduce).toEqual({ asOf: expect.stringMatching(/^\d+:\d+$/), receivedUntil: first.generatedAt });
    expect(first.warnings).toEqual([]);
    expect(first.probeStatus).toEqual({ data: expect.not.objectContaining({ current: true }) });
    expect(first.errors).toMatchObject({ data: { count: 1 } });
    expect(first.kpis).toMatchObject({
      data: { list: expect.arrayContaining([expect.objectContaining({ kpi: 'download', average: 50 })]) },
    });
    expect(first.scorecards).toMatchObject({
      data: { list: [{ configuration: { version: 1 }, entities: [{ entity: ids.movistar, score: 4 }] }] },
    });

    await restrictTo([4, 5]);
    const update = await api.app.inject({
      method: 'PUT',
      url: `/scorecards/${ids.scorecard}`,
      payload: { mosEntries: [mosEntry('download', 'linear', 30, 130)] },
    });
    expect(update.statusCode, update.body).toBe(200);
    const arrived = new Date().toISOString();
    expect(
      await api.platform.measurements.write([
        measured(4, { measuredAt: daysAgo(2), receivedAt: arrived, kpis: { download: 100 } }),
        measured(4, { measuredAt: daysAgo(1), receivedAt: arrived, status: 'Error', kpis: {} }),
      ]),
    ).toEqual({ failed: [] });

    const now = await storyboard();
    expect(now.errors).toMatchObject({ data: { count: 2 } });
    expect(reproducible(now)).not.toEqual(reproducible(first));

    const reproduced = await storyboard(first.reproduce);
    expect(reproducible(reproduced)).toEqual(reproducible(first));
    expect(reproduced.reproduce).toEqual(first.reproduce);
    expect(reproduced.warnings).toEqual([]);
    // The probes' states are the fleet's now, whatever the pin: the tile says so.
    expect(reproduced.probeStatus).toEqual({ data: expect.objectContaining({ current: true }) });
  });

  it('never shows what the analyst may no longer see: a narrower profile answers within it, and says so', async () => {
    await restrictTo([4]);
    const first = await storyboard();
    await restrictTo([5]);
    const reproduced = await storyboard(first.reproduce);
    expect(reproduced.warnings).toEqual([
      {
        code: 'graphics.reproducedWithNarrowerAccess',
        message:
          'Your access to the data has narrowed since these numbers were computed: they are answered within what you may see now, and may differ.',
      },
    ]);
    expect(reproduced.errors).toMatchObject({ data: { count: 0 } });
  });

  it('refuses a malformed position or instant with the catalogue’s errors', async () => {
    const position = await analyst.inject('/api/storyboard?asOf=yesterday');
    expect(position.statusCode).toBe(400);
    expect(position.json()).toMatchObject({
      code: 'validation.invalidFormat',
      details: { fields: [{ field: 'querystring.asOf', code: 'validation.invalidFormat' }] },
    });
    const instant = await analyst.inject('/api/storyboard?receivedUntil=soon');
    expect(instant.statusCode).toBe(400);
    expect(instant.json()).toMatchObject({
      code: 'validation.invalidDate',
      details: { fields: [{ field: 'querystring.receivedUntil', code: 'validation.invalidDate' }] },
    });
  });
});
