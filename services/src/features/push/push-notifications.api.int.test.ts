import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { afterAll } from 'vitest';
import { describePushNotificationsApi } from './push-notifications-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describePushNotificationsApi('distributed (PostgreSQL, Elasticsearch read model)', async () =>
  distributedEnvironment(database),
);
