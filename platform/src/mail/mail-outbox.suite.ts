import { randomUUID } from 'node:crypto';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../sql/sql-client.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../testing/test-smtp-server.ts';
import { waitFor } from '../testing/wait-for.ts';
import { type MailDispatcherOptions, retryDelaySeconds, startMailDispatcher } from './mail-dispatcher.ts';
import { openSmtpMail } from './smtp-mail.ts';
import { openSqlMailOutbox, type SqlMailOutbox } from './sql-mail-outbox.ts';

export interface OutboxDatabase {
  /** A client on the suite's database, as a process (re)starting would open it; one at a time. */
  open(): Promise<SqlClient>;
  drop(): Promise<void>;
}

const quiet = { warn: () => undefined, error: () => undefined };

/** The durable mail outbox and its dispatcher on one SQL database, against a real SMTP server that goes down. */
export function describeMailOutbox(name: string, database: () => Promise<OutboxDatabase>) {
  describe(`mail outbox — ${name}`, { timeout: 60_000 }, () => {
    let db: OutboxDatabase;
    let smtp: TestSmtpServer;

    beforeAll(async () => {
      db = await database();
      smtp = await startTestSmtpServer();
    });
    afterAll(async () => {
      await smtp?.close();
      await db?.drop();
    });

    /** A process: a database client, its outbox, and the dispatchers started on it; `close` ends them all. */
    async function openProcess() {
      const sql = await db.open();
      const outbox = await openSqlMailOutbox(sql);
      const stops: (() => Promise<void>)[] = [];
      const metrics = new Registry();
      const dispatch = async (options: Partial<MailDispatcherOptions> = {}) => {
        const mail = openSmtpMail({ smtpUrl: smtp.url, from: 'no-reply@nq.example.com' });
        const dispatcher = await startMailDispatcher({
          outbox,
          mail,
          maxAttempts: 5,
          retrySeconds: 0.1,
          pollIntervalMs: 50,
          metrics,
          log: quiet,
          ...options,
        });
        const stop = async () => {
          await dispatcher.stop();
          await mail.close();
        };
        stops.push(stop);
        return stop;
      };
      const attempts = async (outcome: string) =>
        (await metrics.getSingleMetric('nq_mail_delivery_attempts_total')?.get())?.values.find(
          (value) => value.labels.outcome === outcome,
        )?.value ?? 0;
      return {
        sql,
        outbox,
        dispatch,
        attempts,
        close: async () => {
          for (const stop of stops.splice(0)) await stop();
          await sql.close();
        },
      };
    }

    const newAddress = () => `user-${randomUUID()}@example.com`;
    const enqueue = async (outbox: SqlMailOutbox, to: string, key = randomUUID()) => {
      await outbox.enqueue({ to: [to], subject: 'Reset', text: `Hello ${to}` }, { idempotencyKey: key });
      return key;
    };
    const deliveredTo = (address: string) => smtp.messages().filter((mail) => mail.to.includes(address)).length;
    const delivery = (address: string) => smtp.waitForMessage((mail) => mail.to.includes(address), 20_000);

    it('delivers a message queued while the mail server is down once it is up, counting the refused attempts', async () => {
      const instance = await openProcess();
      try {
        await smtp.stop();
        await instance.dispatch();
        const to = newAddress();
        const key = await enqueue(instance.outbox, to);
        try {
          await waitFor('two refused attempts', async () => (await instance.attempts('retrying')) >= 2);
          expect(await instance.outbox.status(key)).toMatchObject({ state: 'pending', lastError: /ECONNREFUSED/ });
        } finally {
          await smtp.start();
        }
        expect((await delivery(to)).text).toBe(`Hello ${to}`);
        await waitFor('the attempt recorded', async () => (await instance.attempts('sent')) === 1);
        expect(await instance.outbox.status(key)).toMatchObject({ state: 'sent' });
        const [stored] = await instance.sql.query<{ message: Record<string, unknown> }>(
          'select message from mail_outbox where idempotency_key = $1',
          [key],
        );
        expect(stored?.message).toEqual({ to: [to], subject: 'Reset' });
      } finally {
        await instance.close();
      }
    });

    it('waits twice as long before each retry', () => {
      expect([1, 2, 3, 4, 5].map((attempt) => retryDelaySeconds(attempt, 30))).toEqual([30, 60, 120, 240, 480]);
    });

    it('fails a message for good after its last attempt and never sends it afterwards', async () => {
      const instance = await openProcess();
      try {
        await smtp.stop();
        await instance.dispatch({ maxAttempts: 3 });
        const abandoned = newAddress();
        const key = await enqueue(instance.outbox, abandoned);
        try {
          await waitFor('the message failed', async () => (await instance.outbox.status(key))?.state === 'failed');
        } finally {
          await smtp.start();
        }
        expect(await instance.outbox.status(key)).toMatchObject({
          state: 'failed',
          attempts: 3,
          lastError: /ECONNREFUSED/,
        });
        expect({ retrying: await instance.attempts('retrying'), failed: await instance.attempts('failed') }).toEqual({
          retrying: 2,
          failed: 1,
        });
        const later = newAddress();
        await enqueue(instance.outbox, later);
        await delivery(later);
        expect(deliveredTo(abandoned)).toBe(0);
      } finally {
        await instance.close();
      }
    });

    it('sends after a restart a message queued before it, and a sent one never again', async () => {
      const before = await openProcess();
      const to = newAddress();
      try {
        await smtp.stop();
        await before.dispatch();
        const key = await enqueue(before.outbox, to);
        await waitFor('a refused attempt', async () => ((await before.outbox.status(key))?.attempts ?? 0) >= 1);
      } finally {
        await before.close();
        await smtp.start();
      }
      const after = await openProcess();
      try {
        await after.dispatch();
        await delivery(to);
      } finally {
        await after.close();
      }
      const again = await openProcess();
      try {
        await again.dispatch();
        const next = newAddress();
        await enqueue(again.outbox, next);
        await delivery(next);
        expect(deliveredTo(to)).toBe(1);
      } finally {
        await again.close();
      }
    });

    it('delivers each of many messages once with two dispatchers sharing the outbox', async () => {
      const instance = await openProcess();
      try {
        await instance.dispatch({ batchSize: 3 });
        await instance.dispatch({ batchSize: 3 });
        const addresses = Array.from({ length: 24 }, newAddress);
        await Promise.all(addresses.map((to) => enqueue(instance.outbox, to)));
        await waitFor('every message recorded sent', async () => (await instance.attempts('sent')) === 24, 30_000);
        expect(addresses.filter((to) => deliveredTo(to) !== 1)).toEqual([]);
      } finally {
        await instance.close();
      }
    });

    it('keeps one message per idempotency key, committed or rolled back with the writes it goes alongside', async () => {
      const instance = await openProcess();
      try {
        await instance.sql.exec('create table if not exists outbox_alongside (note text not null)');
        const twice = newAddress();
        const key = randomUUID();
        await enqueue(instance.outbox, twice, key);
        await enqueue(instance.outbox, twice, key);
        const rolledBack = newAddress();
        await expect(
          instance.outbox.enqueue(
            { to: [rolledBack], subject: 'Never', text: 'never' },
            {
              idempotencyKey: randomUUID(),
              alongside: async (tx) => {
                await tx.query("insert into outbox_alongside (note) values ('rolled back')");
                throw new Error('the caller changed its mind');
              },
            },
          ),
        ).rejects.toThrow('the caller changed its mind');
        const committed = newAddress();
        await instance.outbox.enqueue(
          { to: [committed], subject: 'Kept', text: 'kept' },
          {
            idempotencyKey: randomUUID(),
            alongside: (tx) => tx.query("insert into outbox_alongside (note) values ('committed')"),
          },
        );
        await instance.dispatch();
        await delivery(twice);
        await delivery(committed);
        expect({ twice: deliveredTo(twice), rolledBack: deliveredTo(rolledBack) }).toEqual({ twice: 1, rolledBack: 0 });
        const notes = await instance.sql.query<{ note: string }>('select note from outbox_alongside');
        expect(notes.map((row) => row.note)).toEqual(['committed']);
      } finally {
        await instance.close();
      }
    });
  });
}
