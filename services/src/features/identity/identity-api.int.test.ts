import { afterAll } from 'vitest';
import { createTestDatabase, distributedEnvironment } from '../../testing/infra.ts';
import { describeIdentityApi } from './identity-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeIdentityApi('distributed (PostgreSQL, Elasticsearch, Redis nonces and counters)', async () =>
  distributedEnvironment(database),
);
