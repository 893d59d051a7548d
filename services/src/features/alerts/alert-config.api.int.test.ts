import { afterAll } from 'vitest';
import { createTestDatabase, distributedEnvironment } from '../../testing/infra.ts';
import { describeAlertConfigApi } from './alert-config-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeAlertConfigApi('distributed (PostgreSQL event store, Elasticsearch read model)', async () =>
  distributedEnvironment(database),
);
