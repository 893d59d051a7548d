import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { afterAll } from 'vitest';
import { describeAlertConfigApi } from './alert-config-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeAlertConfigApi('distributed (PostgreSQL event store, Elasticsearch read model)', async () =>
  distributedEnvironment(database),
);
