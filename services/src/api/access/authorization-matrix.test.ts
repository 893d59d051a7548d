import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { formatAuthorization, type LayerId, parseAuthorization, signRequest } from '@nq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Access, readOperations } from '../../testing/openapi-operations.ts';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

interface Operation {
  method: string;
  path: string;
  url: string;
  access: Access;
}
/** Screens no route of this platform needs yet: profiles with only these reach nothing but signed-in routes. */
const unrelatedLayers: LayerId[] = ['files_management', 'csv_templates'];

/**
 * Who may call each route (docs/product/api.md#access), generated from the OpenAPI document (its `x-access` per
 * operation): no session → 401, a tampered, stale or replayed signature → 401, a profile without the route's screen →
 * 403, a non-administrator on an administrators' route → 403; and no GET changes anything.
 */
describe('authorization matrix (from the OpenAPI document)', { timeout: 120_000 }, () => {
  let api: TestApi;
  let operations: Operation[];
  const outsiders = new Map<LayerId, SignedClient>();
  let credentialsOf: (profileId: string, fields?: object) => Promise<{ clientId: string; clientSecret: string }>;

  beforeAll(async () => {
    api = await openTestApi();
    operations = readOperations(resolve(import.meta.dirname, '../../../..')).operations.map((operation) => ({
      ...operation,
      url: operation.path.replace(/\{[^}]+\}/g, 'x'),
    }));
    let serial = 0;
    credentialsOf = async (profileId, fields = {}) => {
      const { userId } = await api.createIdentity(`${profileId}-${++serial}`, fields);
      const client = await api.sessionFor(userId, `${profileId}-${serial}`);
      return client.credentials;
    };
    for (const layer of unrelatedLayers)
      outsiders.set(layer, await api.as(`outsider-${layer}`, { layers: [{ id: layer, groups: [] }] }));
  }, 120_000);
  afterAll(() => api?.raw.close());

  const call = (operation: Operation, headers: Record<string, string> = {}) =>
    api.raw.inject({ method: operation.method as 'GET', url: operation.url, headers });
  const answer = async (response: Promise<{ statusCode: number; json(): { code?: string } }>) => {
    const result = await response;
    return `${result.statusCode} ${result.json().code}`;
  };
  const protectedOperations = () => operations.filter((operation) => !operation.access.public);

  it('documents an access rule for every operation, most of them protected', () => {
    expect(operations.filter((operation) => Object.keys(operation.access).length === 0)).toEqual([]);
    expect(protectedOperations().length).toBeGreaterThan(60);
  });

  it('answers 401 to every protected route called without a session', async () => {
    for (const operation of protectedOperations())
      expect(`${operation.method} ${operation.path}: ${await answer(call(operation))}`).toBe(
        `${operation.method} ${operation.path}: 401 auth.unauthenticated`,
      );
  });

  it('answers 401 to a tampered, a stale and a replayed signature on every protected route', async () => {
    const outsider = await credentialsOf('replayer', { layers: [{ id: 'files_management', groups: [] }] });
    for (const operation of protectedOperations()) {
      const label = `${operation.method} ${operation.path}`;
      const request = { method: operation.method, url: operation.url };
      const good = await signRequest(outsider, request);
      const parts = parseAuthorization(good)!;
      const tampered = formatAuthorization({ ...parts, signature: parts.signature.split('').reverse().join('') });
      expect(`${label}: ${await answer(call(operation, { authorization: tampered }))}`).toBe(
        `${label}: 401 auth.invalidSignature`,
      );
      const stale = await signRequest(outsider, request, Date.now() - 3_600_000);
      expect(`${label}: ${await answer(call(operation, { authorization: stale }))}`).toBe(
        `${label}: 401 auth.staleRequest`,
      );
      // A signed-in route would run the first time (and a logout would end the session): those replay with their own.
      const replayer = operation.access.signedIn ? await credentialsOf('replay-once') : outsider;
      const once = await signRequest(replayer, request);
      await call(operation, { authorization: once });
      expect(`${label}: ${await answer(call(operation, { authorization: once }))}`).toBe(
        `${label}: 401 auth.replayedRequest`,
      );
    }
  });

  it("answers 403 to a profile without the route's screen, and to a non-administrator on administrators' routes", async () => {
    const layered = protectedOperations().filter((operation) => operation.access.layers);
    for (const operation of layered) {
      const label = `${operation.method} ${operation.path}`;
      const layer = unrelatedLayers.find((candidate) => !operation.access.layers!.includes(candidate))!;
      expect(
        `${label}: ${await answer(outsiders.get(layer)!.inject({ method: operation.method as 'GET', url: operation.url }))}`,
      ).toBe(`${label}: 403 profiles.layerNotGranted`);
    }
    const administrative = layered.filter((operation) => operation.access.admin);
    expect(administrative.length).toBeGreaterThan(5);
    for (const operation of administrative) {
      const label = `${operation.method} ${operation.path}`;
      const screens = [...operation.access.layers!, ...(operation.access.andLayers ?? [])];
      const user = await api.as(`user-of-${createHash('sha1').update(screens.join()).digest('hex').slice(0, 12)}`, {
        rol: 'user',
        layers: screens.map((id) => ({ id, groups: [] })),
      });
      expect(`${label}: ${await answer(user.inject({ method: operation.method as 'GET', url: operation.url }))}`).toBe(
        `${label}: 403 auth.adminOnly`,
      );
    }
  });

  it("answers 403 to a profile with the route's own screen but none of the screens it needs as well", async () => {
    const combined = protectedOperations().filter((operation) => operation.access.andLayers);
    // The settings history of every configuration entity: its history and its state as of an instant.
    expect(combined.filter((operation) => operation.path.startsWith('/api/audit/')).length).toBeGreaterThanOrEqual(26);
    for (const operation of combined) {
      const label = `${operation.method} ${operation.path}`;
      const own = await api.as(`only-${operation.access.layers!.join('-').replace(/\//g, '_')}`, {
        isGod: true,
        rol: 'admin',
        layers: operation.access.layers!.map((id) => ({ id, groups: [] })),
      });
      expect(`${label}: ${await answer(own.inject({ method: operation.method as 'GET', url: operation.url }))}`).toBe(
        `${label}: 403 profiles.layerNotGranted`,
      );
    }
  });

  it('changes nothing on GET, whoever calls', async () => {
    const before = await api.platform.eventStore.head();
    for (const operation of operations.filter((candidate) => candidate.method === 'GET'))
      await api.app.inject(operation.url);
    expect(await api.platform.eventStore.head()).toBe(before);
  });

  it('sends the security headers on API answers', async () => {
    const response = await api.app.inject('/profile');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});
