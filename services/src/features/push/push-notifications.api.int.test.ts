import { afterAll } from 'vitest';
import { createTestDatabase, distributedEnvironment } from '../../testing/infra.ts';
import { describePushNotificationsApi } from './push-notifications-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describePushNotificationsApi('distributed (PostgreSQL, Elasticsearch read model)', async () =>
  distributedEnvironment(database),
);
