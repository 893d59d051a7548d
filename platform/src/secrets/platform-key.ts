import { randomBytes } from 'node:crypto';
import { migrate, type SchemaModule } from '../sql/migrations.ts';
import type { SqlClient } from '../sql/sql-client.ts';

export const platformSettingsSchema: SchemaModule = {
  name: 'platform-settings',
  migrations: [
    { id: '1-tables', up: 'create table if not exists platform_settings (name text primary key, value text not null)' },
  ],
  backedUp: [{ name: 'platform_settings', key: ['name'], replace: true }],
};

/**
 * The platform's key material: SECRET_KEY when configured, otherwise a key generated once and kept in the database,
 * so that every process of a deployment derives the same signing and sealing keys.
 */
export async function platformSecretKey(sql: SqlClient, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await migrate(sql, platformSettingsSchema);
  await sql.query('insert into platform_settings (name, value) values ($1, $2) on conflict (name) do nothing', [
    'secret-key',
    randomBytes(48).toString('base64url'),
  ]);
  const [row] = await sql.query<{ value: string }>('select value from platform_settings where name = $1', [
    'secret-key',
  ]);
  return row!.value;
}
