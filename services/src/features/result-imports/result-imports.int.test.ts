import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { afterAll } from 'vitest';
import { describeResultImports } from './result-imports.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeResultImports('distributed (Kafka, Elasticsearch, PostgreSQL, BullMQ)', async () =>
  distributedEnvironment(database),
);
