import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { afterAll } from 'vitest';
import { describeProbeFleetApi } from './probe-fleet-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeProbeFleetApi('distributed (Elasticsearch read store)', async () => distributedEnvironment(database));
