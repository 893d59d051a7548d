import type { SqlExecutor } from '../sql/sql-client.ts';
import type { MailMessage } from './mail-port.ts';

export interface EnqueueOptions {
  /** One message per key: enqueueing the same key again changes nothing (a retried command sends no second mail). */
  idempotencyKey: string;
  /** The caller's own writes, run in the enqueue's transaction: they and the message commit together or not at all. */
  alongside?: (tx: SqlExecutor) => Promise<unknown>;
}

/**
 * Where features hand outgoing e-mail (e-mail sending is a job). The message is stored durably and a
 * dispatcher delivers it through the Mail port, retrying with back-off, so that a request neither waits for the mail
 * server nor fails with it. Implemented on the event store's database (`sql-mail-outbox.ts`).
 */
export interface MailOutbox {
  enqueue(message: MailMessage, options: EnqueueOptions): Promise<void>;
}
