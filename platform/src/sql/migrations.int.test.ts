import { afterAll } from 'vitest';
import { createTestDatabase } from '../testing/infra.ts';
import { describeMigrations } from './migrations.suite.ts';
import { openPgClient } from './pg-client.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

describeMigrations(
  'PostgreSQL',
  () => openPgClient(database.url),
  () => openPgClient(database.url),
);
