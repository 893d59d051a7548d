import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client as ElasticsearchClient } from '@elastic/elasticsearch';
import { Redis } from 'ioredis';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { Config } from '../config/config.ts';
import type { Dependency } from './dependency.ts';
import { openEmbeddedLog } from './log/embedded/embedded-log.ts';
import { openKafkaLog } from './log/kafka/kafka-log.ts';
import type { LogPort } from './log/log-port.ts';
import { ensureDatabase } from './sql/ensure-database.ts';
import { openPgClient } from './sql/pg-client.ts';
import { openPgliteClient } from './sql/pglite-client.ts';
import type { SqlClient } from './sql/sql-client.ts';

/** The adapters chosen by configuration, opened once and shared by every process running in this one. */
export interface Platform {
  sql: SqlClient;
  log: LogPort;
  metrics: Registry;
  dependencies: Dependency[];
  close(): Promise<void>;
}

async function openSql(config: Config): Promise<SqlClient> {
  if (config.adapters.eventStore === 'pglite') {
    const dir = join(config.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    return openPgliteClient(dir);
  }
  await ensureDatabase(config.postgres.url);
  return openPgClient(config.postgres.url);
}

export async function openPlatform(config: Config, options: { inMemory?: boolean } = {}): Promise<Platform> {
  const closers: (() => Promise<unknown>)[] = [];
  const sql = options.inMemory ? await openPgliteClient() : await openSql(config);
  closers.push(() => sql.close());
  const log = config.adapters.log === 'kafka' ? await openKafkaLog(config.kafka) : await openEmbeddedLog(sql);
  closers.push(() => log.close());

  const dependencies: Dependency[] = [
    { name: 'event-store', adapter: sql.dialect, check: async () => void (await sql.query('select 1')) },
    { name: 'log', adapter: log.adapter, check: () => log.ping() },
  ];
  if (config.adapters.readStore === 'elasticsearch') {
    const elasticsearch = new ElasticsearchClient({ node: config.elasticsearch.url });
    closers.push(() => elasticsearch.close());
    dependencies.push({
      name: 'read-store',
      adapter: 'elasticsearch',
      check: async () => void (await elasticsearch.cluster.health({ timeout: '1s' })),
    });
  }
  if (config.adapters.jobs === 'bullmq') {
    const redis = new Redis(config.redis.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    redis.on('error', () => undefined); // reported through /ready, not as an unhandled event
    await redis.connect().catch(() => undefined);
    closers.push(async () => redis.disconnect());
    dependencies.push({ name: 'jobs', adapter: 'bullmq', check: async () => void (await redis.ping()) });
  }

  const metrics = new Registry();
  collectDefaultMetrics({ register: metrics });
  return {
    sql,
    log,
    metrics,
    dependencies,
    close: async () => {
      for (const close of closers.reverse()) await close().catch(() => undefined);
    },
  };
}
