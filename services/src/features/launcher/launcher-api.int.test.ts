import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { afterAll } from 'vitest';
import { describeLauncherApi } from './launcher-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeLauncherApi('distributed (PostgreSQL, real Kafka)', async () => distributedEnvironment(database));
