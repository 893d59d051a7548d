import { afterAll } from 'vitest';
import { createTestDatabase, distributedEnvironment } from '../../testing/infra.ts';
import { describeSeriesLabels } from './series-labels-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeSeriesLabels('distributed (PostgreSQL event store, Elasticsearch read models and measurements)', async () =>
  distributedEnvironment(database),
);
