import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { afterAll } from 'vitest';
import { describeGatewayApi } from './gateway-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeGatewayApi('distributed (real Kafka topics)', async () => distributedEnvironment(database));
