import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { afterAll } from 'vitest';
import { describeTagsApi } from './tags-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeTagsApi('distributed (PostgreSQL event store, Elasticsearch read model)', async () =>
  distributedEnvironment(database),
);
