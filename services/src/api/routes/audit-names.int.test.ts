import { afterAll } from 'vitest';
import { createTestDatabase, distributedEnvironment } from '../../testing/infra.ts';
import { describeAuditNames } from './audit-names.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeAuditNames('distributed (PostgreSQL event store, Elasticsearch read models)', async () =>
  distributedEnvironment(database),
);
