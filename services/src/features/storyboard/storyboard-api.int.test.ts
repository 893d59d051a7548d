import { afterAll } from 'vitest';
import { createTestDatabase, distributedEnvironment } from '../../testing/infra.ts';
import { describeStoryboardApi } from './storyboard-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeStoryboardApi('distributed (Kafka, Elasticsearch measurements and analytics)', async () =>
  distributedEnvironment(database),
);
