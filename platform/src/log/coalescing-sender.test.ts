import { describe, expect, it, vi } from 'vitest';
import { coalescingSender } from './coalescing-sender.ts';

/** A send the test answers by hand: every call it received, and the means to finish the oldest one. */
function handSend() {
  const sent: string[][] = [];
  const pending: PromiseWithResolvers<void>[] = [];
  return {
    sent,
    send: (messages: string[]) => {
      sent.push(messages);
      const done = Promise.withResolvers<void>();
      pending.push(done);
      return done.promise;
    },
    finish: async (error?: Error) => {
      const next = pending.shift()!;
      if (error) next.reject(error);
      else next.resolve();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

const never = () => new AbortController().signal;
/** The event loop's turn ends: a send scheduled in it starts. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('coalescing sender', () => {
  it('sends the calls that arrive during a send together, in order, with one send in flight', async () => {
    const hand = handSend();
    const sender = coalescingSender(hand.send);
    const first = sender(['a1'], never());
    await turn();
    const second = sender(['b1', 'b2'], never());
    const third = sender(['c1'], never());
    expect(hand.sent).toEqual([['a1']]);
    await hand.finish();
    await first;
    // The two calls that waited go in one send.
    expect(hand.sent).toEqual([['a1'], ['b1', 'b2', 'c1']]);
    await hand.finish();
    await Promise.all([second, third]);
  });

  it('fails every call a failed send carried, and goes on with the next ones', async () => {
    const hand = handSend();
    const sender = coalescingSender(hand.send);
    const first = sender(['a'], never());
    await turn();
    const second = sender(['b'], never());
    const third = sender(['c'], never());
    await hand.finish();
    await first;
    const fourth = sender(['d'], never());
    await hand.finish(new Error('broker gone'));
    await expect(second).rejects.toThrow('broker gone');
    await expect(third).rejects.toThrow('broker gone');
    expect(hand.sent.at(-1)).toEqual(['d']);
    await hand.finish();
    await fourth;
  });

  it('leaves out a call whose caller was answered before its turn', async () => {
    const hand = handSend();
    const sender = coalescingSender(hand.send);
    void sender(['a'], never());
    await turn();
    const gaveUp = new AbortController();
    void sender(['late'], gaveUp.signal);
    const kept = sender(['kept'], never());
    gaveUp.abort();
    await hand.finish();
    expect(hand.sent).toEqual([['a'], ['kept']]);
    await hand.finish();
    await kept;
  });

  it('sends the calls made in one turn of the event loop together, the first one included', async () => {
    const hand = handSend();
    const sender = coalescingSender(hand.send);
    // Requests that arrived together: each makes its call before the send starts.
    const calls = [sender(['a'], never()), sender(['b'], never()), sender(['c'], never())];
    expect(hand.sent).toEqual([]);
    await turn();
    expect(hand.sent).toEqual([['a', 'b', 'c']]);
    await hand.finish();
    await Promise.all(calls);
  });

  it('waits its linger for other calls before the first send, when given one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const hand = handSend();
      const sender = coalescingSender(hand.send, { lingerMs: 4 });
      const first = sender(['a'], never());
      await vi.advanceTimersByTimeAsync(3);
      const second = sender(['b'], never());
      expect(hand.sent).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(hand.sent).toEqual([['a', 'b']]);
      await hand.finish();
      await Promise.all([first, second]);
    } finally {
      vi.useRealTimers();
    }
  });
});
