import { type PrivatePostgres, startPrivatePostgres } from '@nq/platform/testing/private-postgres';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrivateElasticsearch, startPrivateElasticsearch } from './private-elasticsearch.ts';
import { type PrivateRedis, startPrivateRedis } from './private-redis.ts';

/** Runs `step` and reports how long it took, so that a slow machine shows in the output. */
async function timed(label: string, step: () => Promise<unknown>) {
  const started = Date.now();
  await step();
  console.info(`${label}: ${Date.now() - started} ms`);
}

/**
 * The private servers fault-injection tests use: each is written to, crashed (SIGKILL), found unreachable, started
 * again on the same port and found answering, with what it keeps (PostgreSQL, Elasticsearch) still there.
 */
describe('private servers', () => {
  describe('Redis', () => {
    let redis: PrivateRedis;
    // No retries: a connection refused must fail at once, not be retried until the server is back.
    const client = () =>
      new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });

    beforeAll(() => timed('private Redis first start', async () => (redis = await startPrivateRedis('servers'))));
    afterAll(() => redis?.destroy());

    it('answers again after a crash, empty, as it keeps nothing', async () => {
      const before = client();
      await before.connect();
      expect(await before.set('private-servers', 'written')).toBe('OK');
      before.disconnect();

      await redis.stop('SIGKILL');
      const during = client();
      during.on('error', () => {}); // ioredis reports the refused connection here too
      await expect(during.connect()).rejects.toThrow();
      during.disconnect();

      await timed('private Redis restart after SIGKILL', () => redis.start());
      const after = client();
      await after.connect();
      expect(await after.ping()).toBe('PONG');
      expect(await after.get('private-servers')).toBeNull();
      after.disconnect();
    });
  });

  describe('PostgreSQL', () => {
    let postgres: PrivatePostgres;
    const url = () => `${postgres.serverUrl}/postgres`;
    const rows = async () => {
      const client = new pg.Client(url());
      await client.connect();
      try {
        return (await client.query('SELECT note FROM private_servers ORDER BY note')).rows.map((row) => row.note);
      } finally {
        await client.end();
      }
    };

    beforeAll(() =>
      timed('private PostgreSQL first start', async () => (postgres = await startPrivatePostgres('servers'))),
    );
    afterAll(() => postgres?.destroy());

    it('keeps a committed row across a crash', async () => {
      const client = new pg.Client(url());
      await client.connect();
      await client.query('CREATE TABLE private_servers (note text)');
      await client.query(`INSERT INTO private_servers VALUES ('before the crash')`);
      // Left connected through the crash, as an application's pool would be: its backend is killed with the server.
      client.on('error', () => {});

      await postgres.stop('SIGKILL');
      await expect(new pg.Client(url()).connect()).rejects.toThrow();

      await timed('private PostgreSQL restart after SIGKILL', () => postgres.start());
      expect(await rows()).toEqual(['before the crash']);
    });

    it('stops cleanly while a pool holds connections, and starts again', async () => {
      const pool = new pg.Pool({ connectionString: url(), max: 3 });
      pool.on('error', () => {}); // its idle connections are ended by the shutdown
      await pool.query(`INSERT INTO private_servers VALUES ('before the shutdown')`);
      await Promise.all([pool.query('SELECT 1'), pool.query('SELECT 2'), pool.query('SELECT 3')]);

      await timed('private PostgreSQL clean stop with a pool connected', () => postgres.stop('SIGTERM'));
      await expect(new pg.Client(url()).connect()).rejects.toThrow();

      await timed('private PostgreSQL restart after SIGTERM', () => postgres.start());
      expect(await rows()).toEqual(['before the crash', 'before the shutdown']);
      await pool.end();
    });
  });

  describe('Elasticsearch', { timeout: 240_000 }, () => {
    let elasticsearch: PrivateElasticsearch;
    const json = { 'content-type': 'application/json' };

    beforeAll(
      () =>
        timed(
          'private Elasticsearch first start',
          async () => (elasticsearch = await startPrivateElasticsearch('servers')),
        ),
      240_000,
    );
    afterAll(() => elasticsearch?.destroy());

    it('keeps an indexed document across a crash', async () => {
      // No replica: a single node could never place it, and the index would stay yellow.
      const created = await fetch(`${elasticsearch.url}/private-servers`, {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({ settings: { number_of_shards: 1, number_of_replicas: 0 } }),
      });
      expect(created.status, await created.text()).toBe(200);
      const indexed = await fetch(`${elasticsearch.url}/private-servers/_doc/1?refresh=true`, {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({ note: 'before the crash' }),
      });
      expect(indexed.status, await indexed.text()).toBe(201);

      await elasticsearch.stop('SIGKILL');
      await expect(fetch(elasticsearch.url)).rejects.toThrow();

      await timed('private Elasticsearch restart after SIGKILL', () => elasticsearch.start());
      const found = await fetch(`${elasticsearch.url}/private-servers/_doc/1`);
      expect(found.status).toBe(200);
      expect((await found.json())._source).toEqual({ note: 'before the crash' });
    });
  });
});
