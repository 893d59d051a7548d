import { createTestDatabase, distributedEnvironment, infra } from '@nq/platform/testing/infra';
import { startTcpProxy, type TcpProxy } from '@nq/platform/testing/tcp-proxy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, type TestApi } from '../testing/test-api.ts';

/**
 * Elasticsearch out of reach (restarting, its shards recovering): a request that needs it is told a dependency is
 * unavailable and when to try again, in the caller's language — not an internal error — and served again once it is
 * back.
 */
describe('a dependency out of reach', { timeout: 120_000 }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: TcpProxy;
  let api: TestApi;

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await startTcpProxy({ port: Number(new URL(infra.elasticsearchUrl).port) });
    api = await openTestApi(distributedEnvironment(database, { ELASTICSEARCH_URL: `http://127.0.0.1:${proxy.port}` }));
  });
  afterAll(async () => {
    await proxy?.restore().catch(() => undefined);
    await api?.raw.close();
    await proxy?.close();
    await database?.drop();
  });

  it('answers 503 dependency.unavailable with Retry-After while Elasticsearch cannot be reached', async () => {
    expect((await api.app.inject('/tags')).statusCode).toBe(200);
    await proxy.cut();
    try {
      for (const [language, message] of [
        ['en', 'A service the platform depends on (read-store) is not available right now. Try again later.'],
        [
          'es',
          'Un servicio del que depende la plataforma (read-store) no está disponible en este momento. Inténtalo más tarde.',
        ],
      ] as const) {
        const answer = await api.app.inject({ url: '/tags', headers: { 'accept-language': language } });
        expect(answer.statusCode, answer.body).toBe(503);
        expect(answer.json()).toMatchObject({ code: 'dependency.unavailable', message });
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      await proxy.restore();
    }
    expect((await api.app.inject('/tags')).statusCode).toBe(200);
  });
});
