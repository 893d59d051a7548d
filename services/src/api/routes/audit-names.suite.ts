import { type LayerId, layerIds } from '@nq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

const screens = (ids: readonly LayerId[]) => ids.map((id) => ({ id, groups: [] }));
const suffix = () => Math.random().toString(36).slice(2, 8);

/**
 * The settings history names what it refers to: the entities in the fields it shows (when the caller may read them,
 * as their own routes would answer) and the user and profile behind each change.
 */
export function describeAuditNames(profile: string, environment: () => Promise<NodeJS.ProcessEnv>) {
  describe(`settings history names — ${profile}`, { timeout: 60_000 }, () => {
    let api: TestApi;
    let auditor: SignedClient;
    let owner: SignedClient;
    const created = async (client: SignedClient, url: string, payload: Record<string, unknown>) => {
      const response = await client.inject({ method: 'POST', url, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: string };
    };
    const json = async (client: SignedClient, url: string) => {
      const response = await client.inject(url);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };

    beforeAll(async () => {
      api = await openTestApi(await environment());
      auditor = await api.as('names-auditor', { rol: 'user', layers: screens(layerIds) });
      owner = await api.as('names-owner', { rol: 'user', layers: screens(layerIds) });
    }, 120_000);
    afterAll(() => api?.raw.close());

    it('names the providers a CDN referred to and who made each change, in its history and its past state', async () => {
      const provider = (name: string, numeric: string) =>
        created(api.app, '/api/providers', { name, label: name, country: 'Spain', numeric });
      const first = `Named operator ${suffix()}`;
      const second = `Renamed operator ${suffix()}`;
      const { id: firstId } = await provider(first, '21490');
      const { id: secondId } = await provider(second, '21491');
      const cdn = await created(api.app, '/api/cdns', {
        name: `Named CDN ${suffix()}`,
        url: 'https://cdn.example.net/file.bin',
        type: 'download',
        size: 10,
        provider: firstId,
      });
      const update = await api.app.inject({
        method: 'PUT',
        url: `/api/cdns/${cdn.id}`,
        payload: { provider: secondId },
      });
      expect(update.statusCode, update.body).toBe(200);

      const answer = await json(auditor, `/api/audit/cdn/${cdn.id}/history`);
      expect(answer.history.at(-1).changes).toContainEqual({ field: 'provider', before: firstId, after: secondId });
      expect(answer.names.provider).toEqual({ [firstId]: first, [secondId]: second });
      expect(answer.names.user).toEqual({ 'user-test-admin': 'test-admin@test.nq' });
      expect(answer.names.profile).toEqual({ 'test-admin': 'test-admin' });

      const state = await json(auditor, `/api/audit/cdn/${cdn.id}?asOf=${new Date().toISOString()}`);
      expect(state.fields.provider).toBe(secondId);
      expect(state.names).toEqual({ provider: { [secondId]: second } });
    });

    it("leaves another profile's private campaign unnamed, as its own routes would not show it", async () => {
      const name = `Private drive test ${suffix()}`;
      const campaign = await created(owner, '/api/campaigns-management', {
        name,
        startDate: '2026-01-01',
        endDate: '2026-02-01',
      });
      const scorecard = await created(api.app, '/scorecards', {
        name: `Named scorecard ${suffix()}`,
        weight: 100,
        maxScore: 10,
        campaigns: [campaign.id],
      });
      const url = `/api/audit/scorecard/${scorecard.id}/history`;
      expect((await json(auditor, url)).names.campaign).toBeUndefined();
      expect((await json(owner, url)).names.campaign).toEqual({ [campaign.id]: name });
      expect((await json(api.app, url)).names.campaign).toEqual({ [campaign.id]: name });
    });
  });
}
