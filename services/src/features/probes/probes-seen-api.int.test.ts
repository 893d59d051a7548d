import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { afterAll } from 'vitest';
import { describeProbesSeenApi } from './probes-seen-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeProbesSeenApi('distributed (Kafka, Elasticsearch measurements and analytics)', async () =>
  distributedEnvironment(database),
);
