import { describe, expect, it } from 'vitest';
import { type LeaseState, runAsSingleWriter } from './single-writer.ts';
import type { SessionLock } from './sql/session-lock.ts';
import { waitFor } from './testing/wait-for.ts';

/** Named locks as a database would hold them, each of which a test can take away (its connection lost). */
function fakeLocks() {
  const held = new Map<string, AbortController>();
  return {
    async tryLock(name: string): Promise<SessionLock | undefined> {
      if (held.has(name)) return undefined;
      const lost = new AbortController();
      held.set(name, lost);
      return { lost: lost.signal, release: async () => void held.delete(name) };
    },
    lose(name: string) {
      held.get(name)?.abort(new Error('connection reset'));
      held.delete(name);
    },
  };
}

function worker(locks: ReturnType<typeof fakeLocks>, log: string[], id: string) {
  const states: LeaseState[] = [];
  const writer = runAsSingleWriter({
    tryLock: locks.tryLock,
    name: 'projector',
    retryMs: 20,
    start: async () => {
      log.push(`${id} starts`);
      return async () => void log.push(`${id} stops`);
    },
    onChange: (state) => states.push(state),
  });
  return { writer, states };
}

describe('one writer at a time', () => {
  it('lets one process work while the other waits on standby, and hands over when the first stops', async () => {
    const locks = fakeLocks();
    const log: string[] = [];
    const first = worker(locks, log, 'first');
    expect(await first.writer.settled).toBe('holding');
    const second = worker(locks, log, 'second');
    expect(await second.writer.settled).toBe('standby');
    expect(second.writer.state().reason).toBe('another process holds the projector lease');
    await first.writer.stop();
    await waitFor('the second to take over', () => second.writer.state().state === 'holding', 2_000);
    expect(log).toEqual(['first starts', 'first stops', 'second starts']);
    await second.writer.stop();
    expect(second.states).toEqual(['standby', 'holding', 'stopped']);
  });

  it('stops the work at once when its lock is lost, and contends again', async () => {
    const locks = fakeLocks();
    const log: string[] = [];
    const only = worker(locks, log, 'only');
    await only.writer.settled;
    locks.lose('nq-lease:projector');
    await waitFor('the work to stop', () => log.includes('only stops'), 2_000);
    // Nobody else holds it: the same process takes it again.
    await waitFor(
      'the lease to be taken again',
      () => log.filter((line) => line === 'only starts').length === 2,
      2_000,
    );
    expect(only.states).toEqual(['holding', 'standby', 'holding']);
    await only.writer.stop();
  });

  it('tries again after a start that fails, without holding the lock meanwhile', async () => {
    const locks = fakeLocks();
    let attempts = 0;
    const writer = runAsSingleWriter({
      tryLock: locks.tryLock,
      name: 'projector',
      retryMs: 20,
      start: async () => {
        if (++attempts < 3) throw new Error('the read store is down');
        return async () => {};
      },
    });
    expect(await writer.settled).toBe('standby');
    expect(writer.state().reason).toContain('the read store is down');
    await waitFor('the third start', () => writer.state().state === 'holding', 2_000);
    await writer.stop();
    expect(await locks.tryLock('nq-lease:projector')).toBeDefined();
  });
});
