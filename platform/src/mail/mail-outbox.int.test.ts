import { openPgClient } from '../sql/pg-client.ts';
import { createTestDatabase } from '../testing/infra.ts';
import { describeMailOutbox } from './mail-outbox.suite.ts';

describeMailOutbox('PostgreSQL (distributed)', async () => {
  const database = await createTestDatabase();
  return { open: () => openPgClient(database.url), drop: () => database.drop() };
});
