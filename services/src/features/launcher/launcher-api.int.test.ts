import { afterAll } from 'vitest';
import { createTestDatabase, distributedEnvironment } from '../../testing/infra.ts';
import { describeLauncherApi } from './launcher-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeLauncherApi('distributed (PostgreSQL, real Kafka)', async () => distributedEnvironment(database));
