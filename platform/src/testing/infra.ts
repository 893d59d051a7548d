import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { dropDatabase, ensureDatabase } from '../sql/ensure-database.ts';

const infraCache = process.env.NQ_INFRA_CACHE ?? resolve(import.meta.dirname, '../../../.cache/infra');

/** Where the real servers started by deploy/infra/infra.sh listen (override with the same variables as the app). */
export const infra = {
  postgresServer: process.env.TEST_POSTGRES_SERVER ?? 'postgresql://postgres@127.0.0.1:5432',
  kafkaBrokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
  /** The same broker's SASL_SSL listener: SCRAM-SHA-512 over TLS, its certificate signed by infra.sh's own CA. */
  kafkaSaslSsl: {
    brokers: [`127.0.0.1:${process.env.NQ_KAFKA_SASL_SSL_PORT ?? '9094'}`],
    username: process.env.NQ_KAFKA_SCRAM_USER ?? 'nq',
    password: process.env.NQ_KAFKA_SCRAM_PASSWORD ?? 'nq-local-scram',
    caFile: join(infraCache, 'kafka-tls/ca.pem'),
  },
  elasticsearchUrl: process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
};

/** Deletes the Elasticsearch indices whose names start with `prefix` (named one by one: wildcards are refused). */
export async function deleteIndices(prefix: string) {
  const listed = await fetch(`${infra.elasticsearchUrl}/_cat/indices/${prefix}*?h=index`).catch(() => undefined);
  const names = listed?.ok ? (await listed.text()).split('\n').filter(Boolean) : [];
  for (let i = 0; i < names.length; i += 50)
    await fetch(`${infra.elasticsearchUrl}/${names.slice(i, i + 50).join(',')}`, { method: 'DELETE' }).catch(
      () => undefined,
    );
}

/**
 * A fresh database on the real PostgreSQL server for one test file, whose name also prefixes its Elasticsearch
 * indices and Kafka topics; `drop` removes the database and the indices (a node holds at most 1,000 shards).
 */
export async function createTestDatabase() {
  const name = `nq_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const url = `${infra.postgresServer}/${name}`;
  await ensureDatabase(url);
  return {
    name,
    url,
    drop: async () => {
      await dropDatabase(url);
      await deleteIndices(name);
    },
  };
}

/** The distributed profile's variables for a test on the real servers, isolated in its own database and indices. */
export const distributedEnvironment = (
  database: { name: string; url: string },
  overrides: Record<string, string> = {},
) => ({
  PROFILE: 'distributed',
  DATABASE_URL: database.url,
  KAFKA_BROKERS: infra.kafkaBrokers.join(','),
  ELASTICSEARCH_URL: infra.elasticsearchUrl,
  ELASTICSEARCH_INDEX_PREFIX: database.name,
  TOPIC_PREFIX: `${database.name}.`,
  REDIS_URL: infra.redisUrl,
  ...overrides,
});
