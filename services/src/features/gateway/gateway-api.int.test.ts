import { afterAll } from 'vitest';
import { createTestDatabase, distributedEnvironment } from '../../testing/infra.ts';
import { describeGatewayApi } from './gateway-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeGatewayApi('distributed (real Kafka topics)', async () => distributedEnvironment(database));
