import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { afterAll } from 'vitest';
import { describeConcurrency } from './concurrency.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeConcurrency(
  'two platforms on PostgreSQL, Kafka and Elasticsearch',
  async () => distributedEnvironment(database),
  { apps: 2, runs: 5 },
);
