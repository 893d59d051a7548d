import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { afterAll } from 'vitest';
import { describeSmartPerformance } from './smart-performance-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeSmartPerformance('distributed (PostgreSQL event store, Elasticsearch read models and measurements)', async () =>
  distributedEnvironment(database),
);
