import { createHash } from 'node:crypto';
import { Counter, type Registry } from 'prom-client';
import { logOfProcess } from '../logging/process-log.ts';
import type { MailPort } from './mail-port.ts';
import type { OutboxEntry, SqlMailOutbox } from './sql-mail-outbox.ts';

export interface DispatcherLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailDispatcherOptions {
  outbox: SqlMailOutbox;
  mail: MailPort;
  /** Attempts of a message before it is failed for good. */
  maxAttempts: number;
  /** The wait before the second attempt; each later one waits twice as long as the one before. */
  retrySeconds: number;
  metrics?: Registry;
  log?: DispatcherLog;
  /** How often due retries are looked for; a newly enqueued message wakes the dispatcher at once. */
  pollIntervalMs?: number;
  batchSize?: number;
}

export interface MailDispatcher {
  /** Finishes the attempts in hand, then stops. */
  stop(): Promise<void>;
}

// Longer than an attempt may take (the SMTP adapter's connection, greeting and socket timeouts): while a dispatcher
// sends a message no other one takes it.
const LEASE_SECONDS = 120;

export const retryDelaySeconds = (attempt: number, retrySeconds: number) => retrySeconds * 2 ** (attempt - 1);

const messageIdOf = (idempotencyKey: string) =>
  `<${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32)}@mail-outbox.nq>`;

function dispatcherMetrics(registry: Registry | undefined) {
  const name = 'nq_mail_delivery_attempts_total';
  return (
    (registry?.getSingleMetric(name) as Counter<'outcome'> | undefined) ??
    new Counter({
      name,
      help: 'Attempts to deliver an e-mail of the outbox: sent, retrying (failed, tried again later) or failed (for good)',
      labelNames: ['outcome'],
      registers: registry ? [registry] : [],
    })
  );
}

/**
 * Delivers the outbox's messages through the Mail port: at most once each when the mail server accepts it (marked
 * sent in the outbox), again after an exponential back-off when it does not, and failed for good after
 * `maxAttempts`. Any number of dispatchers, in any processes, may share one outbox.
 */
export async function startMailDispatcher(options: MailDispatcherOptions): Promise<MailDispatcher> {
  const { outbox, mail, maxAttempts, retrySeconds, pollIntervalMs = 1_000, batchSize = 10 } = options;
  const log = options.log ?? logOfProcess;
  const attempts = dispatcherMetrics(options.metrics);

  async function deliver(entry: OutboxEntry) {
    try {
      await mail.send({ ...entry.message, messageId: messageIdOf(entry.idempotencyKey) });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const details = { outboxId: entry.id, attempts: entry.attempts, maxAttempts, reason };
      if (entry.attempts >= maxAttempts) {
        await outbox.giveUp(entry.id, reason);
        attempts.inc({ outcome: 'failed' });
        log.error(details, 'e-mail not delivered: failed for good');
      } else {
        const inSeconds = retryDelaySeconds(entry.attempts, retrySeconds);
        await outbox.retryLater(entry.id, reason, inSeconds);
        attempts.inc({ outcome: 'retrying' });
        log.warn({ ...details, retryInSeconds: inSeconds }, 'e-mail not delivered: trying again later');
      }
      return;
    }
    await outbox.sent(entry.id);
    attempts.inc({ outcome: 'sent' });
  }

  let running = true;
  let woken = false;
  let endRest: (() => void) | undefined;
  const wake = () => {
    woken = true;
    endRest?.();
  };
  const rest = () =>
    new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        endRest = undefined;
        woken = false;
        resolve();
      };
      const timer = setTimeout(finish, woken ? 0 : pollIntervalMs);
      endRest = finish;
    });
  const unsubscribe = await outbox.onEnqueue(wake);

  const loop = (async () => {
    while (running) {
      let claimed: OutboxEntry[] = [];
      try {
        claimed = await outbox.claim(batchSize, LEASE_SECONDS);
      } catch (error) {
        log.error({ err: error }, 'mail outbox unavailable: trying again');
      }
      // An attempt left unsettled (the database gone meanwhile) is tried again once its lease ends.
      for (const outcome of await Promise.allSettled(claimed.map(deliver)))
        if (outcome.status === 'rejected') log.error({ err: outcome.reason }, 'e-mail attempt not recorded');
      if (running && claimed.length < batchSize) await rest();
    }
  })();

  return {
    stop: async () => {
      running = false;
      wake();
      await loop;
      await unsubscribe();
    },
  };
}
