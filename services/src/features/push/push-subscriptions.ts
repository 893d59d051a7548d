import type { PushSubscriptionJson } from '@nq/contracts';
import { migrate, type SchemaModule } from '@nq/platform/sql/migrations';
import type { SqlClient } from '@nq/platform/sql/sql-client';

// An endpoint is one browser's subscription, so it belongs to one user at a time: a browser subscribed again by
// another user who signed in on it moves to that user. A delivery is recorded before it is sent, so a replayed
// history entry is pushed to each browser at most once.
export const pushSubscriptionsSchema: SchemaModule = {
  name: 'push-subscriptions',
  migrations: [
    {
      id: '1-tables',
      up: `
create table if not exists push_subscriptions (
  endpoint text primary key, user_id text not null, p256dh text not null, auth text not null,
  created_at timestamptz not null);
create index if not exists push_subscriptions_by_user on push_subscriptions (user_id);
create table if not exists push_deliveries (
  entry_id text not null, endpoint text not null, sent_at timestamptz not null, primary key (entry_id, endpoint))`,
    },
  ],
  backedUp: [
    { name: 'push_subscriptions', key: ['endpoint'] },
    { name: 'push_deliveries', key: ['entry_id', 'endpoint'] },
  ],
};

export interface StoredPushSubscription {
  userId: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

interface SubscriptionRow {
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
}

const subscriptionOf = (row: SubscriptionRow): StoredPushSubscription => ({
  userId: row.user_id,
  endpoint: row.endpoint,
  keys: { p256dh: row.p256dh, auth: row.auth },
});

/** The browsers each user receives pushes in, and the pushes already delivered to them. */
export async function openPushSubscriptions(sql: SqlClient) {
  await migrate(sql, pushSubscriptionsSchema);
  return {
    async save(userId: string, { endpoint, keys }: PushSubscriptionJson) {
      await sql.query(
        `insert into push_subscriptions (endpoint, user_id, p256dh, auth, created_at) values ($1, $2, $3, $4, now())
         on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh,
           auth = excluded.auth, created_at = excluded.created_at`,
        [endpoint, userId, keys.p256dh, keys.auth],
      );
    },
    /** A user forgets one of their browsers; another user's is left alone. */
    async remove(userId: string, endpoint: string) {
      await sql.query('delete from push_subscriptions where endpoint = $1 and user_id = $2', [endpoint, userId]);
    },
    /** The push service said the subscription is gone (404/410): no one receives pushes there any more. */
    async forget(endpoint: string) {
      await sql.query('delete from push_subscriptions where endpoint = $1', [endpoint]);
    },
    async ofUsers(userIds: readonly string[]): Promise<StoredPushSubscription[]> {
      if (userIds.length === 0) return [];
      const rows = await sql.query<SubscriptionRow>(
        'select endpoint, user_id, p256dh, auth from push_subscriptions where user_id = any($1::text[]) order by created_at',
        [[...userIds]],
      );
      return rows.map(subscriptionOf);
    },
    /** True the first time an entry is claimed for an endpoint, false on every later (replayed) claim. */
    async claimDelivery(entryId: string, endpoint: string): Promise<boolean> {
      const claimed = await sql.query(
        `insert into push_deliveries (entry_id, endpoint, sent_at) values ($1, $2, now())
         on conflict do nothing returning entry_id`,
        [entryId, endpoint],
      );
      return claimed.length > 0;
    },
    /** A push that failed for a while (not gone) may be tried again when its entry is replayed. */
    async releaseDelivery(entryId: string, endpoint: string) {
      await sql.query('delete from push_deliveries where entry_id = $1 and endpoint = $2', [entryId, endpoint]);
    },
  };
}

export type PushSubscriptions = Awaited<ReturnType<typeof openPushSubscriptions>>;
