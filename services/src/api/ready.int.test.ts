import { createTestDatabase, distributedEnvironment, infra } from '@nq/platform/testing/infra';
import { startTcpProxy } from '@nq/platform/testing/tcp-proxy';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestApi } from '../testing/test-api.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());
const distributed = (overrides: Record<string, string> = {}) => distributedEnvironment(database, overrides);

describe('readiness in the distributed profile', () => {
  it('is ready when PostgreSQL, Kafka, Elasticsearch and Redis all answer', async () => {
    const { raw: app } = await openTestApi(distributed());
    try {
      const response = await app.inject('/ready');
      expect(
        response
          .json()
          .dependencies.map(
            (d: { name: string; adapter: string; status: string }) => `${d.name}/${d.adapter}:${d.status}`,
          ),
      ).toEqual([
        'event-store/postgresql:up',
        'log/kafka (@platformatic/kafka):up',
        'read-store/elasticsearch:up',
        'ephemeral-store/redis:up',
        'jobs/bullmq:up',
        expect.stringMatching(
          /^probe-status-worker\/kafka \(@platformatic\/kafka\), group .*probe\.status\.read-model:up$/,
        ),
        expect.stringMatching(/^ingest-worker\/kafka \(@platformatic\/kafka\), group .*measurements\.raw\.ingest:up$/),
        expect.stringMatching(
          /^cube-maintainer\/kafka \(@platformatic\/kafka\), group .*measurements\.enriched\.cubes:up$/,
        ),
        'jobs-worker/bullmq:up',
      ]);
      expect(response.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 naming the dependency that does not answer, for the role that needs it', async () => {
    const { raw: app } = await openTestApi(distributed({ ELASTICSEARCH_URL: 'http://127.0.0.1:1' }));
    try {
      const response = await app.inject({ url: '/ready/console', headers: { 'accept-language': 'en' } });
      expect(response.statusCode).toBe(503);
      const body = response.json();
      expect(body.code).toBe('dependency.unavailable');
      expect(body.message).toContain('read-store');
      expect(body.details.dependencies.find((d: { name: string }) => d.name === 'read-store').status).toBe('down');
      // The process itself stays in service: the gateway's role needs no read store.
      expect((await app.inject('/ready')).json()).toMatchObject({
        status: 'ready',
        roles: { gateway: 'ready', console: 'unavailable' },
      });
      expect((await app.inject('/ready/gateway')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 when what every role needs does not answer', async () => {
    const proxy = await startTcpProxy({ port: Number(new URL(infra.redisUrl).port || 6379) });
    const { raw: app } = await openTestApi(distributed({ REDIS_URL: `redis://127.0.0.1:${proxy.port}` }));
    try {
      await proxy.cut();
      const response = await app.inject({ url: '/ready', headers: { 'accept-language': 'en' } });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toContain('ephemeral-store');
      expect(response.json().details.roles).toEqual({ gateway: 'unavailable', console: 'unavailable' });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await proxy.restore();
      await app.close();
      await proxy.close();
    }
  });
});
