import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

/** The tags API as a user meets it; run on the embedded profile and on the distributed one (real servers). */
export function describeTagsApi(profile: string, environment: () => Promise<NodeJS.ProcessEnv>) {
  describe(`tags API — ${profile}`, { timeout: 30_000 }, () => {
    let app: SignedClient;
    let as: TestApi['as'];
    beforeAll(async () => {
      ({ app, as } = await openTestApi(await environment()));
    });
    afterAll(() => app.close());

    const create = (name: unknown, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: '/tags', payload: { name }, headers });
    const list = async (position?: string) =>
      (await app.inject(`/tags?pageSize=100${position ? `&minPosition=${position}` : ''}`)).json();

    it('creates a tag and lists it once the read model has the write (read-your-writes)', async () => {
      const created = await create('Fibre');
      expect(created.statusCode).toBe(201);
      const { id, position, entity } = created.json();
      expect(entity).toMatchObject({ id, name: 'Fibre', profiles: [], owner: 'test-admin', version: 1 });
      expect((await list(position)).list.map((tag: { name: string }) => tag.name)).toContain('Fibre');
      expect((await app.inject(`/tags/${id}?minPosition=${position}`)).json()).toMatchObject({ id, name: 'Fibre' });
    });

    it('refuses a second tag with the same name, whatever its case, and stores nothing', async () => {
      const { position } = (await create('Mobile')).json();
      const before = await list(position);
      const duplicate = await create(' mobile ');
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toMatchObject({
        code: 'tags.nameExists',
        message: 'Already exists a tag with this name',
      });
      expect((await list()).count).toBe(before.count);
    });

    it('lets exactly one of several concurrent creations with the same name succeed', async () => {
      const results = await Promise.all(Array.from({ length: 6 }, () => create('Concurrent')));
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual(
        Array(5).fill('tags.nameExists'),
      );
    });

    it('refuses an empty name with the field and its catalogue code, in Spanish when asked', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/tags',
        payload: { name: '' },
        headers: { 'accept-language': 'es' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation.required',
        details: { fields: [{ field: 'body.name', code: 'validation.required' }] },
      });
      expect(response.json().message).not.toMatch(/required/i);
    });

    it('answers a retried request with the same Idempotency-Key with the first result, appending nothing', async () => {
      const headers = { 'idempotency-key': 'create-tag-retry-1' };
      const first = (await create('Retried', headers)).json();
      const retry = await create('Retried', headers);
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toMatchObject({ id: first.id, position: first.position });
      expect((await list(first.position)).list.filter((tag: { name: string }) => tag.name === 'Retried')).toHaveLength(
        1,
      );
    });

    it('keeps the history of a tag changed several times, and its state as of any instant', async () => {
      const beforeCreate = new Date(Date.now() - 1_000).toISOString();
      const { id } = (await create('Cable')).json();
      const afterCreate = new Date().toISOString();
      await new Promise((resolve) => setTimeout(resolve, 15));
      await (await as('auditor-test', { tags: [id] })).inject({
        method: 'PUT',
        url: `/tags/${id}`,
        payload: { name: 'Cable DOCSIS' },
      });
      await app.inject({ method: 'PUT', url: `/tags/${id}`, payload: { profiles: ['analysts'] } });
      const deleted = (await app.inject({ method: 'DELETE', url: `/tags/${id}` })).json();

      const { history } = (await app.inject(`/api/audit/tag/${id}/history`)).json();
      expect(history.map((entry: { type: string }) => entry.type)).toEqual([
        'TagCreated',
        'TagUpdated',
        'TagUpdated',
        'TagDeleted',
      ]);
      expect(history[1]).toMatchObject({
        actor: { userId: 'user-auditor-test', profileId: 'auditor-test' },
        changes: [{ field: 'name', before: 'Cable', after: 'Cable DOCSIS' }],
      });
      expect(history[2].changes).toEqual([{ field: 'profiles', before: [], after: ['analysts'] }]);
      expect(history[3].changes).toEqual([{ field: 'status', before: 'active', after: 'deleted' }]);

      expect((await app.inject(`/api/audit/tag/${id}?asOf=${afterCreate}`)).json()).toMatchObject({
        status: 'active',
        fields: { name: 'Cable' },
      });
      expect((await app.inject(`/tags/${id}?asOf=${afterCreate}`)).json()).toMatchObject({ name: 'Cable', version: 1 });
      // Before its creation the tag did not exist yet; an id that never existed is not found.
      expect((await app.inject(`/api/audit/tag/${id}?asOf=${beforeCreate}`)).json()).toMatchObject({
        status: 'absent',
        version: 0,
        fields: {},
      });
      expect((await app.inject(`/api/audit/tag/never-${id}?asOf=${afterCreate}`)).statusCode).toBe(404);
      expect((await app.inject(`/tags/${id}?minPosition=${deleted.position}`)).statusCode).toBe(404);
      // Deleting released the name.
      expect((await create('Cable DOCSIS')).statusCode).toBe(201);
    });

    it('keeps the fields an update leaves out, including those with a default at creation', async () => {
      const { id } = (
        await app.inject({ method: 'POST', url: '/tags', payload: { name: 'Kept', profiles: ['p1'] } })
      ).json();
      const renamed = (await app.inject({ method: 'PUT', url: `/tags/${id}`, payload: { name: 'Kept 2' } })).json();
      expect(renamed.entity).toMatchObject({ name: 'Kept 2', profiles: ['p1'] });
      const cleared = await app.inject({ method: 'PUT', url: `/tags/${id}`, payload: { name: null } });
      expect(cleared.statusCode).toBe(400);
      expect(cleared.json().code).toBe('validation.required');
    });

    it('refuses a change made on a stale version with request.conflict', async () => {
      const { id } = (await create('Versioned')).json();
      await app.inject({ method: 'PUT', url: `/tags/${id}`, payload: { name: 'Versioned 2', expectedVersion: 1 } });
      const stale = await app.inject({
        method: 'PUT',
        url: `/tags/${id}`,
        payload: { name: 'Versioned 3', expectedVersion: 1 },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('request.conflict');
    });

    it('pages, sorts, searches and selects fields', async () => {
      for (const name of ['Alpha', 'alpine', 'Beta']) await create(name);
      const { position } = (await create('Gamma')).json();
      const page = (await app.inject(`/tags?q=alp&sort=name&order=desc&fields=name&minPosition=${position}`)).json();
      expect(page.list).toEqual([
        { id: expect.any(String), name: 'alpine' },
        { id: expect.any(String), name: 'Alpha' },
      ]);
      const paged = (await app.inject('/tags?pageSize=2&page=2&sort=name')).json();
      expect(paged).toMatchObject({ page: 2, pageSize: 2 });
      expect(paged.list).toHaveLength(2);
    });

    it('answers 404 for an unknown tag and in the audit', async () => {
      expect((await app.inject('/tags/does-not-exist')).json().code).toBe('resource.notFound');
      expect((await app.inject('/api/audit/tag/does-not-exist/history')).statusCode).toBe(404);
    });
  });
}
