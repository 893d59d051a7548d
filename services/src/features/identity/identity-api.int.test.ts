import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { afterAll } from 'vitest';
import { describeIdentityApi } from './identity-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeIdentityApi('distributed (PostgreSQL, Elasticsearch, Redis nonces and counters)', async () =>
  distributedEnvironment(database),
);
