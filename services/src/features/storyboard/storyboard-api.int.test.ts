import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { afterAll } from 'vitest';
import { describeStoryboardApi } from './storyboard-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeStoryboardApi('distributed (Kafka, Elasticsearch measurements and analytics)', async () =>
  distributedEnvironment(database),
);
