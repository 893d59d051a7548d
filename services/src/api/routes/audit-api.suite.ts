import { type LayerId, layerIds } from '@nq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { squarePolygon } from '../../testing/polygons.ts';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

const screens = (ids: readonly LayerId[]) => ids.map((id) => ({ id, groups: [] }));
const commandIds = () => {
  const commandId = crypto.randomUUID();
  return { commandId, correlationId: commandId, causationId: commandId };
};

/**
 * The settings history answers what the entity's own routes answer: administrators' entities (users, profiles) to
 * administrators only, another profile's private entity (campaigns, clusters, geofilters, tags) as absent, and a kind
 * only to profiles reaching one of its screens — for its history and its state as of any instant.
 */
export function describeAuditApi(profile: string, environment: () => Promise<NodeJS.ProcessEnv>) {
  describe(`settings history — ${profile}`, { timeout: 60_000 }, () => {
    let api: TestApi;
    /** Not an administrator, with every screen: the settings history, users and profiles included. */
    let auditor: SignedClient;
    let owner: SignedClient;
    const asOf = () => `asOf=${new Date().toISOString()}`;
    const answer = async (client: SignedClient, url: string) => {
      const response = await client.inject(url);
      return `${response.statusCode} ${response.json().code ?? ''}`.trim();
    };

    beforeAll(async () => {
      api = await openTestApi(await environment());
      auditor = await api.as('auditor', { rol: 'user', layers: screens(layerIds) });
      owner = await api.as('campaign-owner', { rol: 'user', layers: screens(layerIds) });
    }, 120_000);
    afterAll(() => api?.raw.close());

    it("keeps users' and profiles' history and past states to administrators, as /users and /profiles do", async () => {
      // Its own user and profile, which its profile sees, and another's.
      for (const [kind, path, id] of [
        ['user', '/users', 'user-auditor'],
        ['profile', '/profiles', 'auditor'],
        ['user', '/users', 'user-campaign-owner'],
        ['profile', '/profiles', 'campaign-owner'],
      ] as const) {
        expect(await answer(auditor, `${path}/${id}`)).toBe('403 auth.adminOnly');
        expect(await answer(auditor, `/api/audit/${kind}/${id}/history`)).toBe('403 auth.adminOnly');
        expect(await answer(auditor, `/api/audit/${kind}/${id}?${asOf()}`)).toBe('403 auth.adminOnly');
        expect(await answer(auditor, `/api/audit/${kind}/${id}`)).toBe('403 auth.adminOnly');
        expect(await answer(api.app, `/api/audit/${kind}/${id}/history`)).toBe('200');
        expect(await answer(api.app, `/api/audit/${kind}/${id}?${asOf()}`)).toBe('200');
      }
      const history = (await api.app.inject('/api/audit/user/user-campaign-owner/history')).json();
      expect(history.history[0].changes).toContainEqual(
        expect.objectContaining({ field: 'email', after: 'campaign-owner@test.nq' }),
      );
    });

    it("answers another profile's campaign as absent in its history and as of any instant", async () => {
      const created = await owner.inject({
        method: 'POST',
        url: '/api/campaigns-management',
        payload: { name: 'Audited drive test', startDate: '2026-01-01', endDate: '2026-02-01' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const { id } = created.json();
      for (const url of [`/api/audit/campaign/${id}/history`, `/api/audit/campaign/${id}?${asOf()}`]) {
        expect(await answer(auditor, url)).toBe('404 resource.notFound');
        expect(await answer(owner, url)).toBe('200');
        expect(await answer(api.app, url)).toBe('200');
      }
    });

    it('names the changes auditors look for, those stored before they had names too, and keeps the stream writable', async () => {
      const created = await api.app.inject({
        method: 'POST',
        url: '/api/campaigns-management',
        payload: { name: 'Redrawn drive test', startDate: '2026-01-01', endDate: '2026-02-01' },
      });
      const { id } = created.json();
      const edit = (payload: object) =>
        api.app.inject({ method: 'PUT', url: `/api/campaigns-management/${id}`, payload });
      expect((await edit({ polygon: squarePolygon(-3.7, 40.4), expectedVersion: 1 })).statusCode).toBe(200);
      // An update the platform stored before the polygon's change had a name of its own.
      await api.platform.eventStore.append({
        streamId: `campaign-${id}`,
        expectedVersion: 2,
        events: [{ type: 'CampaignUpdated', schemaVersion: 1, data: { changes: { polygon: null } } }],
        metadata: { actor: { userId: 'user-test-admin', profileId: 'test-admin' }, ...commandIds() },
      });
      const renamed = await edit({ name: 'Drive test', expectedVersion: 3 });
      expect(renamed.json()).toMatchObject({ version: 4 });

      const { history } = (await api.app.inject(`/api/audit/campaign/${id}/history`)).json();
      expect(history.map((entry: { type: string }) => entry.type)).toEqual([
        'CampaignCreated',
        'CampaignPolygonRedrawn',
        'CampaignPolygonRemoved',
        'CampaignUpdated',
      ]);
      expect(history[2].changes).toEqual([{ field: 'polygon', before: expect.objectContaining({ type: 'Polygon' }) }]);
      const now = (await api.app.inject(`/api/audit/campaign/${id}?${asOf()}`)).json();
      expect(now).toMatchObject({ version: 4, fields: { name: 'Drive test' } });
      expect(now.fields.polygon).toBeUndefined();
      const listed = await api.app.inject(`/api/campaigns-management/${id}?minPosition=${renamed.json().position}`);
      expect(listed.json()).toMatchObject({ name: 'Drive test', version: 4 });
      expect(listed.json().polygon).toBeUndefined();
    });

    it("refuses a kind to an auditor who reaches none of the kind's screens", async () => {
      const historian = await api.as('historian', { layers: screens(['settings_history']) });
      const tag = (await api.app.inject({ method: 'POST', url: '/tags', payload: { name: 'audited-tag' } })).json();
      expect(await answer(historian, `/api/audit/tag/${tag.id}/history`)).toBe('403 profiles.layerNotGranted');
      expect(await answer(historian, `/api/audit/tag/${tag.id}?${asOf()}`)).toBe('403 profiles.layerNotGranted');
      const tagReader = await api.as('tag-historian', { layers: screens(['settings_history', 'tags_management']) });
      expect(await answer(tagReader, `/api/audit/tag/${tag.id}?${asOf()}`)).toBe('404 resource.notFound');
    });
  });
}
