import { afterAll } from 'vitest';
import { createTestDatabase, infra } from '../testing/infra.ts';
import { describeConcurrency } from './concurrency.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeConcurrency(
  'two API processes on PostgreSQL, Kafka and Elasticsearch',
  async () => ({
    PROFILE: 'distributed',
    DATABASE_URL: database.url,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    ELASTICSEARCH_URL: infra.elasticsearchUrl,
    ELASTICSEARCH_INDEX_PREFIX: database.name,
    REDIS_URL: infra.redisUrl,
  }),
  { apps: 2, runs: 5 },
);
