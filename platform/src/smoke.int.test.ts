import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { openPgClient } from './sql/pg-client.ts';
import { createTestDatabase, infra } from './testing/infra.ts';

// Round trips proving each real server the platform depends on is reachable and behaves, from the test command.
describe('real infrastructure on loopback', () => {
  it('PostgreSQL: a transaction commits, a failed one leaves nothing behind', async () => {
    const database = await createTestDatabase();
    const sql = await openPgClient(database.url);
    try {
      const [row] = await sql.query<{ server_version: string }>('show server_version');
      console.info(`PostgreSQL ${row?.server_version} at ${infra.postgresServer}`);
      await sql.exec('create table probes (id text primary key)');
      await sql.transaction((tx) => tx.query("insert into probes values ('probe1')"));
      await expect(
        sql.transaction(async (tx) => {
          await tx.query("insert into probes values ('probe2')");
          await tx.query("insert into probes values ('probe1')");
        }),
      ).rejects.toThrow(/duplicate key/);
      expect(await sql.query('select id from probes order by id')).toEqual([{ id: 'probe1' }]);
    } finally {
      await sql.close();
      await database.drop();
    }
  });

  it('Elasticsearch: a document indexed with an explicit mapping is found by a geo and term search', async () => {
    const client = new Client({ node: infra.elasticsearchUrl });
    const index = `smoke-${randomUUID()}`;
    try {
      const nodes = await client.nodes.info({ node_id: '_local', metric: 'process' });
      console.info(`Elasticsearch ${Object.values(nodes.nodes)[0]?.version} at ${infra.elasticsearchUrl}`);
      await client.indices.create({
        index,
        mappings: {
          properties: {
            probeId: { type: 'keyword' },
            location: { type: 'geo_point' },
            downloadMbps: { type: 'double' },
          },
        },
      });
      await client.index({
        index,
        id: 'm-1',
        document: { probeId: 'probe1', location: { lat: 40.4168, lon: -3.7038 }, downloadMbps: 512.5 },
        refresh: true,
      });
      const result = await client.search<{ downloadMbps: number }>({
        index,
        query: {
          bool: {
            filter: [
              { term: { probeId: 'probe1' } },
              { geo_distance: { distance: '5km', location: { lat: 40.42, lon: -3.7 } } },
            ],
          },
        },
        aggs: { avgDownload: { avg: { field: 'downloadMbps' } } },
      });
      expect(result.hits.hits.map((hit) => hit._id)).toEqual(['m-1']);
      expect((result.aggregations?.avgDownload as { value: number } | undefined)?.value).toBe(512.5);
    } finally {
      await client.indices.delete({ index, ignore_unavailable: true });
      await client.close();
    }
  });

  it('Redis: a BullMQ job is picked up by a worker and its result returned', async () => {
    const connection = { url: infra.redisUrl };
    const name = `smoke-${randomUUID()}`;
    const queue = new Queue(name, { connection });
    const events = new QueueEvents(name, { connection });
    const worker = new Worker(name, async (job) => ({ rows: (job.data as { rows: number }).rows * 2 }), { connection });
    try {
      await events.waitUntilReady();
      const redis = new Redis(infra.redisUrl);
      const server = (await redis.info('server')).match(/redis_version:(\S+)/)?.[1];
      redis.disconnect();
      console.info(`Redis ${server} at ${infra.redisUrl} through BullMQ`);
      const job = await queue.add('csv-extraction', { rows: 21 });
      expect(await job.waitUntilFinished(events, 10_000)).toEqual({ rows: 42 });
    } finally {
      await worker.close();
      await events.close();
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });
});
