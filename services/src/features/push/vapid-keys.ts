import { platformSettingsSchema } from '@nq/platform/secrets/platform-key';
import { migrate } from '@nq/platform/sql/migrations';
import type { SqlClient } from '@nq/platform/sql/sql-client';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const SETTING = 'vapid-keys';

/**
 * The key pair the platform signs its pushes with (VAPID): VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when configured,
 * otherwise a pair generated once and kept in the platform's database (under DATA_DIR on the embedded profile), so
 * every process of a deployment and every restart push with the key the browsers subscribed with.
 */
export async function vapidKeys(sql: SqlClient, configured: VapidKeys | undefined): Promise<VapidKeys> {
  if (configured) return configured;
  await migrate(sql, platformSettingsSchema);
  await sql.query('insert into platform_settings (name, value) values ($1, $2) on conflict (name) do nothing', [
    SETTING,
    JSON.stringify(webpush.generateVAPIDKeys()),
  ]);
  const [row] = await sql.query<{ value: string }>('select value from platform_settings where name = $1', [SETTING]);
  const { publicKey, privateKey } = JSON.parse(row!.value) as VapidKeys;
  return { publicKey, privateKey };
}
