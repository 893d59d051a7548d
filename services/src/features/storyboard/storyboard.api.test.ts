import type { LayerId, StoryboardResponse } from '@nq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

const layers = (...ids: LayerId[]) => ids.map((id) => ({ id, groups: [] }));
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

describe('storyboard API — embedded', { timeout: 60_000 }, () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await openTestApi();
  }, 120_000);
  afterAll(() => api?.raw.close());

  it('answers every tile from one request, each in the caller’s scope, alerts empty until they exist', async () => {
    const response = await api.app.inject('/api/storyboard');
    expect(response.statusCode, response.body).toBe(200);
    const board = response.json() as StoryboardResponse;
    expect(board).toMatchObject({
      scorecards: { data: { list: [], total: 0 } },
      probeStatus: { data: { total: 0, neverReported: 0 } },
      kpis: { data: { list: expect.any(Array) } },
      errors: { data: { list: [], count: 0 } },
      alerts: null,
    });
  });

  it('answers the tiles that can while another fails with its catalogue message, in the caller’s language', async () => {
    // A profile whose dates begin tomorrow has no window to score or chart, but its probes and errors still show.
    const from = tomorrow();
    const early = await api.as('storyboard-not-yet', { layers: layers('storyboard'), tsStart: from });
    const response = await early.inject({ url: '/api/storyboard', headers: { 'accept-language': 'es' } });
    expect(response.statusCode, response.body).toBe(200);
    const board = response.json() as StoryboardResponse;
    expect(board.scorecards).toEqual({
      error: {
        code: 'scorecards.outOfProfileDateLimits',
        message: expect.stringMatching(/perfil/),
      },
    });
    expect(board.kpis).toEqual({
      error: { code: 'profiles.outOfDateLimits', message: expect.stringMatching(/perfil/) },
    });
    expect(board.probeStatus).toHaveProperty('data');
    // Asked with no dates, answered from the profile's first day: the tile says so.
    const narrowedBy = { restrictions: [], dates: { from: new Date(from).toISOString(), timeZone: 'Etc/UTC' } };
    expect(board.errors).toEqual({ data: { list: [], count: 0, narrowedBy } });
  });

  it('refuses a profile without the storyboard screen', async () => {
    const other = await api.as('storyboard-refused', { layers: layers('evolution') });
    const response = await other.inject('/api/storyboard');
    expect(response.statusCode).toBe(403);
  });
});
