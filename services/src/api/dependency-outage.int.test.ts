import { createTestDatabase, distributedEnvironment, infra } from '@nq/platform/testing/infra';
import { startTcpProxy, type TcpProxy } from '@nq/platform/testing/tcp-proxy';
import { waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleResult } from '../testing/sample-result.ts';
import { type SignedClient, signedClient } from '../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../testing/test-api.ts';

/**
 * Elasticsearch out of reach (restarting, its shards recovering): a request that needs it is told a dependency is
 * unavailable and when to try again, in the caller's language — not an internal error — and served again once it is
 * back; the process stays in service, and probes are accepted all along.
 */
describe('a dependency out of reach', { timeout: 120_000 }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: TcpProxy;
  let api: TestApi;
  let probe: SignedClient;
  const probeId = `esout${Date.now().toString(36)}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await startTcpProxy({ port: Number(new URL(infra.elasticsearchUrl).port) });
    api = await openTestApi(distributedEnvironment(database, { ELASTICSEARCH_URL: `http://127.0.0.1:${proxy.port}` }));
    probe = signedClient(api.raw, await api.enrolProbe(probeId, 'Probe beside an outage'));
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

  it('stays ready and accepts probes while Elasticsearch cannot be reached; the analysts’ role says it is not', async () => {
    const result = () => sampleResult(probeId);
    const accepted: string[] = [];
    await proxy.cut();
    try {
      const ready = await api.raw.inject('/ready');
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.json().roles).toEqual({ gateway: 'ready', console: 'unavailable' });
      expect(ready.json().dependencies.find((d: { name: string }) => d.name === 'read-store').status).toBe('down');
      expect((await api.raw.inject('/ready/gateway')).statusCode).toBe(200);
      const analysts = await api.raw.inject({ url: '/ready/console', headers: { 'accept-language': 'en' } });
      expect(analysts.statusCode).toBe(503);
      expect(analysts.json().message).toContain('read-store');
      expect(Number(analysts.headers['retry-after'])).toBeGreaterThan(0);

      for (let batch = 0; batch < 3; batch++) {
        const items = [result(), result()];
        const sent = await probe.inject({ method: 'POST', url: '/gateway/v1/results', payload: { items } });
        expect(sent.statusCode, sent.body).toBe(202);
        accepted.push(...items.map((item) => item.measurementId));
      }
      const configuration = await probe.inject({ method: 'GET', url: '/gateway/v1/configuration' });
      expect(configuration.statusCode, configuration.body).toBe(200);
    } finally {
      await proxy.restore();
    }
    // What was accepted during the outage is indexed once Elasticsearch is back.
    await waitFor(
      `the ${accepted.length} results accepted during the outage indexed`,
      async () => (await api.platform.measurements.count({ probeId })) === accepted.length,
      120_000,
    );
    expect((await api.raw.inject('/ready/console')).statusCode).toBe(200);
  });
});
