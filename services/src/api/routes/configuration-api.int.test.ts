import { createTestDatabase, infra } from '@nq/platform/testing/infra';
import { afterAll } from 'vitest';
import { describeConfigurationApi } from './configuration-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeConfigurationApi('distributed (PostgreSQL event store, Elasticsearch read model)', async () => ({
  PROFILE: 'distributed',
  DATABASE_URL: database.url,
  KAFKA_BROKERS: infra.kafkaBrokers.join(','),
  ELASTICSEARCH_URL: infra.elasticsearchUrl,
  ELASTICSEARCH_INDEX_PREFIX: database.name,
  REDIS_URL: infra.redisUrl,
}));
