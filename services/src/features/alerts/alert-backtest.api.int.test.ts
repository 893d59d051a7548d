import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { afterAll } from 'vitest';
import { describeAlertBacktestApi } from './alert-backtest-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeAlertBacktestApi('distributed (Kafka log, Elasticsearch measurements)', async () =>
  distributedEnvironment(database),
);
