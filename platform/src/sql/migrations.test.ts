import { describeMigrations } from './migrations.suite.ts';
import { openPgliteClient } from './pglite-client.ts';

describeMigrations(
  'PGlite',
  () => openPgliteClient(),
  async (sql) => sql,
);
