import { afterAll } from 'vitest';
import { createTestDatabase } from '../../../testing/infra.ts';
import { openPgClient } from '../../sql/pg-client.ts';
import { describeLogPortContract } from '../log-port.contract.ts';
import { openEmbeddedLog } from './embedded-log.ts';

// The table-backed log shares its SQL with PGlite; here it runs on the real PostgreSQL server.
const database = await createTestDatabase();
const sql = await openPgClient(database.url);
afterAll(async () => {
  await sql.close();
  await database.drop();
});

describeLogPortContract('embedded (PostgreSQL)', () => openEmbeddedLog(sql));
