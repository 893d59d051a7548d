import { migrate, type SchemaModule } from '../sql/migrations.ts';
import type { SqlClient, SqlExecutor } from '../sql/sql-client.ts';
import type { MailOutbox } from './mail-outbox.ts';
import type { MailMessage } from './mail-port.ts';

// A table of the event store's database, so that a message commits in the same transaction as the writes that
// caused it (a password link and its e-mail). `next_attempt_at` is also the lease of a dispatcher sending it.
const tables = `
create table mail_outbox (
  id bigserial primary key,
  idempotency_key text not null unique,
  message jsonb not null,
  state text not null default 'pending',
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now(),
  settled_at timestamptz);
create index mail_outbox_due on mail_outbox (next_attempt_at) where state = 'pending';
`;
export const mailOutboxSchema: SchemaModule = {
  name: 'mail-outbox',
  migrations: [{ id: '1-tables', up: tables }],
  backedUp: [{ name: 'mail_outbox', key: ['id'], identity: 'id' }],
};

const NOTIFY_CHANNEL = 'mail_outbox';
// A settled message keeps its envelope; its body, which may carry a live link, leaves the database.
const withoutBody = `message - 'text' - 'html'`;

export type OutboxState = 'pending' | 'sent' | 'failed';

export interface OutboxEntry {
  id: string;
  idempotencyKey: string;
  message: MailMessage;
  /** Attempts so far, this one included. */
  attempts: number;
}

export interface OutboxStatus {
  state: OutboxState;
  attempts: number;
  lastError?: string;
}

/** The outbox as its dispatchers see it: claim due messages, then settle each attempt. */
export interface SqlMailOutbox extends MailOutbox {
  /**
   * Takes up to `limit` due messages and counts an attempt of each. For `leaseSeconds` no other dispatcher takes them;
   * a dispatcher that stops without settling one leaves it to be tried again after that.
   */
  claim(limit: number, leaseSeconds: number): Promise<OutboxEntry[]>;
  sent(id: string): Promise<void>;
  retryLater(id: string, error: string, inSeconds: number): Promise<void>;
  giveUp(id: string, error: string): Promise<void>;
  /** Calls `wake` whenever a message is enqueued, by any process on this database; resolves to the unsubscribe. */
  onEnqueue(wake: () => void): Promise<() => Promise<void>>;
  status(idempotencyKey: string): Promise<OutboxStatus | undefined>;
}

/**
 * Queues a message inside a transaction the caller holds (several messages beside its own writes); the outbox's
 * table must exist (`openSqlMailOutbox` made it). The same key again changes nothing.
 */
export async function enqueueMailIn(tx: SqlExecutor, message: MailMessage, idempotencyKey: string) {
  await tx.query(
    `insert into mail_outbox (idempotency_key, message) values ($1, $2::jsonb)
     on conflict (idempotency_key) do nothing`,
    [idempotencyKey, JSON.stringify(message)],
  );
  await tx.query(`select pg_notify('${NOTIFY_CHANNEL}', '')`);
}

export async function openSqlMailOutbox(sql: SqlClient): Promise<SqlMailOutbox> {
  await migrate(sql, mailOutboxSchema);
  return {
    enqueue: (message, { idempotencyKey, alongside }) =>
      sql.transaction(async (tx) => {
        await alongside?.(tx);
        await enqueueMailIn(tx, message, idempotencyKey);
      }),

    async claim(limit, leaseSeconds) {
      const rows = await sql.query<{ id: string; idempotency_key: string; message: MailMessage; attempts: number }>(
        `update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
         where id in (select id from mail_outbox where state = 'pending' and next_attempt_at <= now()
                      order by next_attempt_at, id limit $1 for update skip locked)
         returning id::text as id, idempotency_key, message, attempts`,
        [limit, leaseSeconds],
      );
      return rows.map((row) => ({
        id: row.id,
        idempotencyKey: row.idempotency_key,
        message: row.message,
        attempts: row.attempts,
      }));
    },
    async sent(id) {
      await sql.query(
        `update mail_outbox set state = 'sent', settled_at = now(), last_error = null, message = ${withoutBody}
         where id = $1`,
        [id],
      );
    },
    async retryLater(id, error, inSeconds) {
      await sql.query(
        `update mail_outbox set last_error = $2, next_attempt_at = now() + make_interval(secs => $3) where id = $1`,
        [id, error, inSeconds],
      );
    },
    async giveUp(id, error) {
      await sql.query(
        `update mail_outbox set state = 'failed', settled_at = now(), last_error = $2, message = ${withoutBody}
         where id = $1`,
        [id, error],
      );
    },
    onEnqueue: (wake) => sql.listen(NOTIFY_CHANNEL, () => wake()),
    async status(idempotencyKey) {
      const [row] = await sql.query<{ state: OutboxState; attempts: number; last_error: string | null }>(
        'select state, attempts, last_error from mail_outbox where idempotency_key = $1',
        [idempotencyKey],
      );
      return (
        row && { state: row.state, attempts: row.attempts, ...(row.last_error ? { lastError: row.last_error } : {}) }
      );
    },
  };
}
