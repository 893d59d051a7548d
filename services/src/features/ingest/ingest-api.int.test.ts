import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { afterAll } from 'vitest';
import { describeIngest } from './ingest-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeIngest('distributed (real Kafka, Elasticsearch measurements)', async () => distributedEnvironment(database));
