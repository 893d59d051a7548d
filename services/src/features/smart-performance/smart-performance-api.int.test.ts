import { afterAll } from 'vitest';
import { createTestDatabase, distributedEnvironment } from '../../testing/infra.ts';
import { describeSmartPerformance } from './smart-performance-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeSmartPerformance('distributed (PostgreSQL event store, Elasticsearch read models and measurements)', async () =>
  distributedEnvironment(database),
);
