import type pg from 'pg';
import type { SessionLock } from './session-lock.ts';

/** How often a held lock's connection is asked whether it still answers, and how long it has to. */
const heartbeatMs = 2_000;
const answerWithinMs = 5_000;

async function withinBound<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: no answer within ${answerWithinMs} ms`)), answerWithinMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A lock held on its own connection: lost as soon as that connection fails, ends or stops answering. */
function held(client: pg.Client): SessionLock {
  const lost = new AbortController();
  let released = false;
  const lose = (reason: string) => {
    if (released || lost.signal.aborted) return;
    clearInterval(heartbeat);
    lost.abort(new Error(reason));
    // Whatever the server still thinks, this process no longer counts on the lock: ending the session frees it.
    client.end().catch(() => undefined);
  };
  client.on('error', (error) => lose(`its connection failed: ${error.message}`));
  client.on('end', () => lose('its connection ended'));
  const heartbeat = setInterval(() => {
    withinBound(client.query('select 1'), 'the lock connection').catch((error: Error) => lose(error.message));
  }, heartbeatMs);
  heartbeat.unref();
  return {
    lost: lost.signal,
    async release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      await client.end().catch(() => undefined); // the session's end releases its advisory locks
    },
  };
}

/**
 * PostgreSQL session-level advisory locks, each on a connection of its own: the server releases one when its
 * connection ends, so a process killed outright (SIGKILL) loses it as soon as its socket closes. A contender keeps its
 * connection between attempts rather than opening one each time.
 */
export function pgSessionLocks(connect: () => pg.Client) {
  const contenders = new Map<string, pg.Client>();

  const drop = (name: string, client: pg.Client) => {
    if (contenders.get(name) === client) contenders.delete(name);
    client.end().catch(() => undefined);
  };

  async function contender(name: string) {
    const known = contenders.get(name);
    if (known) return known;
    const client = connect();
    client.on('error', () => drop(name, client));
    await withinBound(client.connect(), 'connecting for a lock').catch((error: unknown) => {
      drop(name, client);
      throw error;
    });
    contenders.set(name, client);
    return client;
  }

  return {
    /** The lock, or undefined while another session holds it. */
    async tryLock(name: string): Promise<SessionLock | undefined> {
      const client = await contender(name);
      try {
        const [row] = (
          await withinBound(
            client.query<{ held: boolean }>('select pg_try_advisory_lock(hashtext($1)) as held', [name]),
            'taking a lock',
          )
        ).rows;
        if (!row?.held) return undefined;
      } catch (error) {
        drop(name, client);
        throw error;
      }
      contenders.delete(name);
      client.removeAllListeners('error');
      return held(client);
    },
    close: async () => {
      for (const [name, client] of contenders) drop(name, client);
    },
  };
}
