import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { squarePolygon } from '../../testing/polygons.ts';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

const square = squarePolygon;

/** A profile never reads or changes another profile's private entities; it meets 404, as for nothing. */
describe('private entities across profiles', { timeout: 60_000 }, () => {
  let api: TestApi;
  let owner: SignedClient;
  let stranger: SignedClient;
  const created: Record<string, { path: string; kind: string; id: string; position: string }> = {};

  beforeAll(async () => {
    api = await openTestApi();
    owner = await api.as('owner');
    stranger = await api.as('stranger');
    const bodies = {
      campaign: [
        '/api/campaigns-management',
        { name: 'Private drive test', startDate: '2026-01-01T00:00:00Z', endDate: '2026-02-01T00:00:00Z' },
      ],
      geofilter: ['/api/geofilters', { name: 'Private area', polygon: square(-3.7, 40.4) }],
      cluster: ['/api/clusters-management', { name: 'Private cluster' }],
      tag: ['/tags', { name: 'private-tag' }],
      'personal-dashboard': ['/dashboards/personal', { name: 'Private dashboard', categories: [] }],
    } as const;
    for (const [kind, [path, body]] of Object.entries(bodies)) {
      const response = await owner.inject({ method: 'POST', url: path, payload: body });
      expect(response.statusCode, response.body).toBe(201);
      created[kind] = { path, kind, id: response.json().id, position: response.json().position };
    }
  });
  afterAll(() => api?.raw.close());

  it("answers 404 to another profile's get, update, delete, clone and history, and leaves its lists without them", async () => {
    for (const { path, kind, id, position } of Object.values(created)) {
      const attempts = [
        stranger.inject(`${path}/${id}?minPosition=${position}`),
        stranger.inject(`${path}/${id}?asOf=${new Date().toISOString()}`),
        stranger.inject({ method: 'PUT', url: `${path}/${id}`, payload: { name: 'Taken over' } }),
        stranger.inject({ method: 'DELETE', url: `${path}/${id}` }),
        stranger.inject(`/api/audit/${kind}/${id}/history`),
        stranger.inject(`/api/audit/${kind}/${id}?asOf=${new Date().toISOString()}`),
      ];
      if (kind !== 'tag')
        attempts.push(stranger.inject({ method: 'POST', url: `${path}/${id}/clone`, payload: { name: 'Copied' } }));
      for (const response of await Promise.all(attempts))
        expect(`${kind} ${response.statusCode} ${response.json().code}`).toBe(`${kind} 404 resource.notFound`);
      const list = (await stranger.inject(`${path}?pageSize=100&minPosition=${position}`)).json();
      expect(list.list.map((item: { id: string }) => item.id)).not.toContain(id);
      const own = (await owner.inject(`${path}?pageSize=100&minPosition=${position}`)).json();
      expect(own.list.map((item: { id: string }) => item.id)).toContain(id);
      expect((await owner.inject(`${path}/${id}`)).json()).toMatchObject({ id, name: expect.any(String) });
    }
    expect((await owner.inject(`/api/clusters-management/${created.cluster!.id}`)).json().name).toBe('Private cluster');
  });

  it("answers 404 to an administrator's update of another administrator's user, whatever profiles it names", async () => {
    const ownerAdmin = await api.as('owner-admin', { rol: 'admin' });
    const strangerAdmin = await api.as('stranger-admin', { rol: 'admin' });
    const created = await ownerAdmin.inject({
      method: 'POST',
      url: '/users',
      payload: { email: 'kept-by-owner@test.nq', profiles: ['owner-admin'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    for (const id of [created.json().id, 'no-such-user'])
      for (const profiles of [[], ['stranger-admin'], ['owner-admin']]) {
        const response = await strangerAdmin.inject({ method: 'PUT', url: `/users/${id}`, payload: { profiles } });
        expect(`${response.statusCode} ${response.json().code}`, response.body).toBe('404 resource.notFound');
      }
    const kept = await api.readCaughtUp(`/users/${created.json().id}?minPosition=${created.json().position}`);
    expect(kept.json().profiles).toEqual(['owner-admin']);
  });

  it('shows them to the profiles they are granted to and to isGod profiles', async () => {
    const granted = await api.as('granted', {
      campaigns: [{ id: created.campaign!.id }],
      clusters: [created.cluster!.id],
      tags: [created.tag!.id],
    });
    for (const kind of ['campaign', 'cluster', 'tag']) {
      const { path, id, position } = created[kind]!;
      expect((await granted.inject(`${path}/${id}?minPosition=${position}`)).statusCode).toBe(200);
      const list = (await granted.inject(`${path}?minPosition=${position}`)).json();
      expect(list.list.map((item: { id: string }) => item.id)).toEqual([id]);
    }
    const { path, id } = created.geofilter!;
    expect((await granted.inject(`${path}/${id}`)).statusCode).toBe(404);
    expect((await api.app.inject(`${path}/${id}`)).statusCode).toBe(200);
  });

  it('lets the cluster be deleted only by the profile that created it, even when granted', async () => {
    const granted = await api.as('granted-cluster', { clusters: [created.cluster!.id] });
    const refused = await granted.inject({ method: 'DELETE', url: `/api/clusters-management/${created.cluster!.id}` });
    expect(refused.json()).toMatchObject({ message: 'Only clusters created with current profile can be deleted' });
  });

  it("refuses a query outside the profile's date range with the catalogue error", async () => {
    const limited = await api.as('dated', {
      clusters: [created.cluster!.id],
      tsStart: '2026-01-01T00:00:00Z',
      tsEnd: '2026-12-31T23:59:59Z',
    });
    const ask = (at: string) =>
      limited.inject({
        method: 'POST',
        url: '/api/clusters-management/activeProbes',
        payload: { ids: [created.cluster!.id], at },
      });
    expect((await ask('2026-06-01T00:00:00Z')).statusCode).toBe(200);
    const refused = await ask('2025-06-01T00:00:00Z');
    expect({ status: refused.statusCode, code: refused.json().code }).toEqual({
      status: 422,
      code: 'profiles.outOfDateLimits',
    });
  });

  it('refuses a cluster with probes its profile does not see (owned or granted)', async () => {
    const probe = (probeId: string) => ({ probeId, name: probeId, family: 'Cube', type: 'landline' });
    for (const probeId of ['grantedp1', 'foreignp1'])
      expect((await api.app.inject({ method: 'POST', url: '/probes', payload: probe(probeId) })).statusCode).toBe(201);
    const restricted = await api.as('probe-restricted', { probes: ['grantedp1'] });
    expect((await restricted.inject({ method: 'POST', url: '/probes', payload: probe('ownedp1') })).statusCode).toBe(
      201,
    );
    const caughtUp = await api.readCaughtUp(`/probes?minPosition=${await api.platform.eventStore.head()}`);
    expect(caughtUp.statusCode, caughtUp.body).toBe(200);
    const cluster = (probeIds: string[], name: string) =>
      restricted.inject({
        method: 'POST',
        url: '/api/clusters-management',
        payload: { name, probes: probeIds.map((probeId) => ({ probeId, start: '2026-01-01T00:00:00Z' })) },
      });
    expect((await cluster(['grantedp1', 'ownedp1'], 'Own probes')).statusCode).toBe(201);
    const refused = await cluster(['grantedp1', 'foreignp1', 'nosuchp1'], 'Foreign probes');
    expect(refused.json()).toMatchObject({
      code: 'probes.notInProfile',
      details: { probes: ['foreignp1', 'nosuchp1'] },
    });
  });
});
