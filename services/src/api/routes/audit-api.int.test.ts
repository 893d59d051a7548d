import { afterAll } from 'vitest';
import { createTestDatabase, distributedEnvironment } from '../../testing/infra.ts';
import { describeAuditApi } from './audit-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeAuditApi('distributed (PostgreSQL event store, Elasticsearch read models)', async () =>
  distributedEnvironment(database),
);
