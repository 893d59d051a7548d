import { afterAll } from 'vitest';
import { createTestDatabase, distributedEnvironment } from '../../testing/infra.ts';
import { describeIngest } from './ingest-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeIngest('distributed (real Kafka, Elasticsearch measurements)', async () => distributedEnvironment(database));
