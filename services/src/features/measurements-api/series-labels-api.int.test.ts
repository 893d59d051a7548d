import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { afterAll } from 'vitest';
import { describeSeriesLabels } from './series-labels-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeSeriesLabels('distributed (PostgreSQL event store, Elasticsearch read models and measurements)', async () =>
  distributedEnvironment(database),
);
