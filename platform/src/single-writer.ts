import { setTimeout as delay } from 'node:timers/promises';
import type { SessionLock } from './sql/session-lock.ts';

export type LeaseState = 'contending' | 'standby' | 'holding' | 'stopped' | 'failed';

export interface SingleWriterOptions {
  /** Takes a named lock (`SqlClient.tryLock`). */
  tryLock(name: string): Promise<SessionLock | undefined>;
  /** What the lease guards: every contender for the same name competes for one lock (`nq-lease:<name>`). */
  name: string;
  /** Starts the guarded work once the lock is held; resolves to its stop. */
  start(): Promise<() => Promise<void>>;
  /** How often a standby process tries again (default 1 s): the most a takeover waits after the holder's death. */
  retryMs?: number;
  /** Told each change of state, with why. */
  onChange?: (state: LeaseState, reason: string) => void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs work in one process at a time across every process that asks for the same lock: the others wait on standby,
 * trying again every `retryMs`, and one takes over as soon as the holder's session ends (it stopped, or died with its
 * connection). When the holder loses its lock (its connection failed) it stops the work at once and contends again.
 */
export function runAsSingleWriter(options: SingleWriterOptions) {
  const retryMs = options.retryMs ?? 1_000;
  const stopping = new AbortController();
  let current: { state: LeaseState; since: Date; reason: string } = {
    state: 'contending',
    since: new Date(),
    reason: `taking the ${options.name} lease`,
  };
  let settle: (state: LeaseState) => void = () => {};
  /** Resolves once the first attempt is decided: `holding` (the work runs here) or `standby` (it waits). */
  const settled = new Promise<LeaseState>((resolve) => {
    settle = resolve;
  });
  const become = (state: LeaseState, reason: string) => {
    if (current.state === state && current.reason === reason) return;
    current = { state, since: new Date(), reason };
    options.onChange?.(state, reason);
    settle(state);
  };
  const wait = () => delay(retryMs, undefined, { signal: stopping.signal }).catch(() => undefined);

  /** Runs the work while the lock holds; answers whether it ran (a failed start is tried again after a wait). */
  async function holdAndWork(lock: SessionLock) {
    let stopWork: (() => Promise<void>) | undefined;
    try {
      stopWork = await options.start();
      if (!lock.lost.aborted) become('holding', `this process holds the ${options.name} lease`);
      const ended = AbortSignal.any([lock.lost, stopping.signal]);
      if (!ended.aborted) await new Promise((resolve) => ended.addEventListener('abort', resolve, { once: true }));
    } catch (error) {
      become('standby', `starting under the ${options.name} lease failed, tried again: ${messageOf(error)}`);
    } finally {
      // A lost lease stops the work before another process can take it over, as far as this process can tell.
      await stopWork?.().catch(() => undefined);
      await lock.release();
    }
    if (lock.lost.aborted && !stopping.signal.aborted)
      become('standby', `lost the ${options.name} lease (${messageOf(lock.lost.reason)}): contending again`);
    return stopWork !== undefined;
  }

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      let lock: SessionLock | undefined;
      let refused = `another process holds the ${options.name} lease`;
      try {
        lock = await options.tryLock(`nq-lease:${options.name}`);
      } catch (error) {
        refused = `the ${options.name} lease cannot be asked for: ${messageOf(error)}`;
      }
      if (lock && stopping.signal.aborted) await lock.release();
      else if (lock) {
        if (!(await holdAndWork(lock))) await wait();
      } else {
        become('standby', refused);
        await wait();
      }
    }
    become('stopped', 'told to stop');
  })().catch((error: unknown) => become('failed', `its loop ended: ${messageOf(error)}`));

  return {
    state: () => ({ ...current }),
    settled,
    /** Stops the work if it runs here and releases the lease (another process takes over). */
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}

export type SingleWriter = ReturnType<typeof runAsSingleWriter>;
