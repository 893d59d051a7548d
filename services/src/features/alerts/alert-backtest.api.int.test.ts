import { afterAll } from 'vitest';
import { createTestDatabase, distributedEnvironment } from '../../testing/infra.ts';
import { describeAlertBacktestApi } from './alert-backtest-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeAlertBacktestApi('distributed (Kafka log, Elasticsearch measurements)', async () =>
  distributedEnvironment(database),
);
