import { createTestDatabase, infra } from '@nq/platform/testing/infra';
import { afterAll } from 'vitest';
import { describeBoundaryRefusals } from './boundary-refusals.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeBoundaryRefusals('distributed (PostgreSQL, Kafka, Elasticsearch)', async () => ({
  PROFILE: 'distributed',
  DATABASE_URL: database.url,
  KAFKA_BROKERS: infra.kafkaBrokers.join(','),
  ELASTICSEARCH_URL: infra.elasticsearchUrl,
  ELASTICSEARCH_INDEX_PREFIX: database.name,
  REDIS_URL: infra.redisUrl,
}));
