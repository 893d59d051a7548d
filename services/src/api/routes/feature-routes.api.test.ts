import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi } from '../../testing/test-api.ts';

describe('entity-specific routes', () => {
  let app: SignedClient;
  let position = '0:0';
  const create = async (path: string, payload: object) => {
    const response = await app.inject({ method: 'POST', url: path, payload });
    expect(response.statusCode, response.body).toBe(201);
    position = response.json().position;
    return response.json().id as string;
  };
  const get = async (url: string) =>
    (await app.inject(`${url}${url.includes('?') ? '&' : '?'}minPosition=${position}`)).json();

  beforeAll(async () => {
    ({ app } = await openTestApi());
  });
  afterAll(() => app.close());

  it('lists the profiles of a tag', async () => {
    const id = await create('/tags', { name: 'Rural', profiles: ['analysts', 'regulator'] });
    expect(await get(`/tags/${id}/profiles`)).toEqual({ id, profiles: ['analysts', 'regulator'] });
  });

  it('finds providers by name and SPN and detects the owner of an IP address or an IMSI', async () => {
    const base = { country: 'Spain', numeric: '21407' };
    const acme = await create('/api/providers', {
      ...base,
      name: 'Acme',
      label: 'Acme',
      spn: 'ACME',
      imsis: ['21407123456789'],
      ipRanges: ['10.0.0.0/8', '2001:db8::/32'],
    });
    const beta = await create('/api/providers', {
      ...base,
      name: 'Beta',
      label: 'Beta',
      numeric: '21408',
      ipRanges: ['10.20.0.0/16'],
    });
    expect((await get('/api/providers/names/ACME')).id).toBe(acme);
    expect((await app.inject('/api/providers/names/nobody')).json().code).toBe('resource.notFound');
    expect((await get('/api/providers/spn/ACME')).list.map((p: { id: string }) => p.id)).toEqual([acme]);
    expect((await get('/api/providers/detector?ip=10.20.3.4')).provider.id).toBe(beta);
    expect((await get('/api/providers/detector?ip=10.1.2.3')).provider.id).toBe(acme);
    expect((await get('/api/providers/detector?ip=2001:db8::1')).provider.id).toBe(acme);
    expect((await get('/api/providers/detector?imsi=214071234567890')).provider.id).toBe(acme);
    expect((await get('/api/providers/detector?ip=192.0.2.1')).provider).toBeNull();
    const missing = await app.inject('/api/providers/detector');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('validation.required');
  });

  it('lists the active scorecards only', async () => {
    const active = await create('/scorecards', { name: 'National', weight: 100, maxScore: 10 });
    await create('/scorecards', { name: 'Retired', weight: 100, maxScore: 10, status: 'Inactive' });
    expect((await get('/scorecards/active')).list.map((s: { id: string }) => s.id)).toEqual([active]);
  });

  it('reads clusters by ids with chosen fields, and the probes active in them at an instant', async () => {
    const north = await create('/api/clusters-management', {
      name: 'North',
      probes: [
        { probeId: 'probe1', start: '2026-01-01T00:00:00Z', end: '2026-06-01T00:00:00Z' },
        { probeId: 'probe2', start: '2026-03-01T00:00:00Z' },
      ],
    });
    const south = await create('/api/clusters-management', {
      name: 'South',
      probes: [{ probeId: 'probe3', start: '2026-01-01T00:00:00Z' }],
    });
    const byIds = (
      await app.inject({
        method: 'POST',
        url: '/api/clusters-management/byIds',
        payload: { ids: [north], fields: ['name'] },
      })
    ).json();
    expect(byIds).toEqual({ list: [{ id: north, name: 'North' }], count: 1 });
    const active = (
      await app.inject({
        method: 'POST',
        url: '/api/clusters-management/activeProbes',
        payload: { ids: [north, south], at: '2026-07-01T00:00:00Z' },
      })
    ).json();
    expect(active.clusters).toEqual(
      expect.arrayContaining([
        { id: north, probes: ['probe2'] },
        { id: south, probes: ['probe3'] },
      ]),
    );
    const earlier = (
      await app.inject({
        method: 'POST',
        url: '/api/clusters-management/activeProbes',
        payload: { ids: [north], at: '2026-02-01T00:00:00Z' },
      })
    ).json();
    expect(earlier.clusters).toEqual([{ id: north, probes: ['probe1'] }]);
  });
});
