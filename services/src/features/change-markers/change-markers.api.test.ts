import type { ChangeMarker, ChangeMarkersRequest } from '@nq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { squarePolygon } from '../../testing/polygons.ts';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

const path = '/api/graphic/change-markers';
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe('change markers API (embedded profile)', { timeout: 120_000 }, () => {
  let api: TestApi;
  let admin: SignedClient;
  let analyst: SignedClient;
  let outsider: SignedClient;
  const ids = { north: '', south: '', scorecard: '' };

  const send = async <T>(client: SignedClient, method: 'POST' | 'PUT', url: string, payload: object) => {
    const response = await client.inject({ method, url, payload });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json() as T;
  };
  const markers = async (client: SignedClient, request: ChangeMarkersRequest = {}) => {
    const response = await client.inject({ method: 'POST', url: path, payload: request });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { list: ChangeMarker[]; count: number; capped: boolean };
  };
  /** What a marker says in a chart's tooltip: whose change and which fields. */
  const described = ({ list }: { list: ChangeMarker[] }) =>
    list.map(({ kind, entityName, fields }) => `${kind} ${entityName}: ${fields.join(', ')}`);

  beforeAll(async () => {
    api = await openTestApi();
    admin = api.app;
    const dates = { startDate: '2026-01-01', endDate: '2027-12-31' };
    ids.north = (
      await send<{ id: string }>(admin, 'POST', '/api/campaigns-management', {
        name: 'North',
        ...dates,
        polygon: squarePolygon(-3.75, 40.45),
      })
    ).id;
    ids.south = (
      await send<{ id: string }>(admin, 'POST', '/api/campaigns-management', { name: 'South', ...dates })
    ).id;
    const probe = { family: 'Cube', type: 'landline' };
    await send(admin, 'POST', '/probes', { ...probe, probeId: 'p1', name: 'Salamanca', campaign: ids.north });
    await send(admin, 'POST', '/probes', { ...probe, probeId: 'p2', name: 'Chamberí' });
    ids.scorecard = (
      await send<{ id: string }>(admin, 'POST', '/scorecards', { name: 'Quality', weight: 100, maxScore: 10 })
    ).id;

    // The changes, in this order: p1 moves north → south, p2 is renamed (touches nothing) then moves town, the north
    // campaign's polygon is redrawn, the south one renamed (touches nothing), the scorecard redefined.
    await send(admin, 'PUT', '/probes/p1', { campaign: ids.south });
    await send(admin, 'PUT', '/probes/p2', { name: 'Chamberí fibre' });
    await send(admin, 'PUT', '/probes/p2', { town: 'Madrid' });
    await send(admin, 'PUT', `/api/campaigns-management/${ids.north}`, { polygon: squarePolygon(-3.7, 40.4) });
    await send(admin, 'PUT', `/api/campaigns-management/${ids.south}`, { name: 'South 2026' });
    await send(admin, 'PUT', `/scorecards/${ids.scorecard}`, { maxScore: 5 });

    analyst = await api.as('analyst', { layers: [{ id: 'evolution', groups: [] }], probes: ['p1'] });
    outsider = await api.as('outsider', { layers: [{ id: 'tokens', groups: [] }] });
  }, 120_000);
  afterAll(() => api?.raw.close());

  it('marks every change the caller sees that touches measurements, in time order, without a selection', async () => {
    const answer = await markers(admin);
    expect(described(answer)).toEqual([
      'probe Salamanca: campaign',
      'probe Chamberí fibre: town',
      'campaign North: polygon',
    ]);
    expect(answer).toMatchObject({ count: 3, capped: false });
    expect(answer.list[0]).toMatchObject({ kind: 'probe', entityId: 'p1', event: 'ProbeMovedBetweenCampaigns' });
    const times = answer.list.map((marker) => Date.parse(marker.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('links each marker to the settings-history entry it stands for', async () => {
    const [moved] = (await markers(admin, { probes: ['p1'] })).list;
    const history = await admin.inject(`/api/audit/probe/p1/history`);
    const entry = history.json().history.find((item: { recordedAt: string }) => item.recordedAt === moved!.at);
    expect(entry).toMatchObject({
      type: 'ProbeMovedBetweenCampaigns',
      changes: [{ field: 'campaign', before: ids.north, after: ids.south }],
    });
  });

  it("keeps to the selection: a probe moved out of a campaign or into it touches it; other campaigns' do not", async () => {
    expect(described(await markers(admin, { campaigns: [ids.north] }))).toEqual([
      'probe Salamanca: campaign',
      'campaign North: polygon',
    ]);
    expect(described(await markers(admin, { campaigns: [ids.south] }))).toEqual(['probe Salamanca: campaign']);
    expect(described(await markers(admin, { probes: ['p2'] }))).toEqual(['probe Chamberí fibre: town']);
  });

  it("marks a scorecard's redefinitions on its own charts only, and refuses one that does not exist", async () => {
    const withScorecard = await markers(admin, { probes: ['p2'], scorecardId: ids.scorecard });
    expect(described(withScorecard)).toEqual(['probe Chamberí fibre: town', 'scorecard Quality: maxScore']);
    const missing = await admin.inject({ method: 'POST', url: path, payload: { scorecardId: 'nothing' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('resource.notFound');
  });

  it('answers only the period asked', async () => {
    expect((await markers(admin, { tsEnd: yesterday() })).list).toEqual([]);
    expect((await markers(admin, { tsStart: yesterday() })).count).toBe(3);
  });

  it("answers only what the caller's profile sees, on the screens with time charts", async () => {
    expect(described(await markers(analyst))).toEqual(['probe Salamanca: campaign']);
    expect((await outsider.inject({ method: 'POST', url: path, payload: {} })).statusCode).toBe(403);
  });

  it('refuses a period ending before it starts, in the caller’s language', async () => {
    const response = await admin.inject({
      method: 'POST',
      url: path,
      payload: { tsStart: '2026-03-02', tsEnd: '2026-03-01' },
      headers: { 'accept-language': 'es' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation.endBeforeStart',
      message: expect.stringMatching(/fecha/i),
    });
  });

  it('keeps the most recent 200 markers of a busy period and says so', async () => {
    await send(admin, 'POST', '/probes', { family: 'Cube', type: 'landline', probeId: 'p3', name: 'Busy' });
    for (let change = 1; change <= 201; change++)
      await send(admin, 'PUT', '/probes/p3', { address: `Calle ${change}` });
    const answer = await markers(admin, { probes: ['p3'] });
    expect(answer).toMatchObject({ count: 201, capped: true });
    expect(answer.list).toHaveLength(200);
    const history = (await admin.inject('/api/audit/probe/p3/history')).json().history as { recordedAt: string }[];
    expect(answer.list.map((marker) => marker.at)).toEqual(history.slice(2).map((entry) => entry.recordedAt));
  });
});
