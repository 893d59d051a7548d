import { migrate, type SchemaModule } from './migrations.ts';
import type { SqlClient } from './sql-client.ts';

export const startupStepsSchema: SchemaModule = {
  name: 'startup-steps',
  migrations: [
    {
      id: '1-tables',
      up: 'create table if not exists startup_steps (name text primary key, completed_at timestamptz not null)',
    },
  ],
};

/**
 * A data migration run at start-up once per deployment, outside any transaction (it may work on other stores, e.g.
 * Elasticsearch, and take long): skipped when the database records it as done, recorded once it has succeeded. A step
 * that failed or was interrupted runs again at the next start, so it must be idempotent; processes starting together
 * may both run it.
 */
export async function runStartupStep<T>(
  sql: SqlClient,
  name: string,
  step: () => Promise<T>,
): Promise<{ ran: false } | { ran: true; result: T }> {
  await migrate(sql, startupStepsSchema);
  const [done] = await sql.query('select 1 from startup_steps where name = $1', [name]);
  if (done) return { ran: false };
  const result = await step();
  await sql.query('insert into startup_steps (name, completed_at) values ($1, now()) on conflict (name) do nothing', [
    name,
  ]);
  return { ran: true, result };
}
