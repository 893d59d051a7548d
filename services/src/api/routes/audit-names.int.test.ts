import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { afterAll } from 'vitest';
import { describeAuditNames } from './audit-names.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeAuditNames('distributed (PostgreSQL event store, Elasticsearch read models)', async () =>
  distributedEnvironment(database),
);
