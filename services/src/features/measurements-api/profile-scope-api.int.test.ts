import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { afterAll } from 'vitest';
import { describeProfileScope } from './profile-scope-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeProfileScope('distributed (Kafka, Elasticsearch measurements and analytics)', async () =>
  distributedEnvironment(database),
);
