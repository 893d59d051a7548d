import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { afterAll } from 'vitest';
import { describeAuditApi } from './audit-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeAuditApi('distributed (PostgreSQL event store, Elasticsearch read models)', async () =>
  distributedEnvironment(database),
);
