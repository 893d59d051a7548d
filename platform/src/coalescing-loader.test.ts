import { describe, expect, it } from 'vitest';
import { coalescingLoader } from './coalescing-loader.ts';

/** A store whose reads are answered by hand, recording the keys of each. */
function handStore() {
  const reads: { keys: string[]; answer: PromiseWithResolvers<ReadonlyMap<string, number>> }[] = [];
  return {
    reads,
    loadMany: (keys: string[]) => {
      const answer = Promise.withResolvers<ReadonlyMap<string, number>>();
      reads.push({ keys, answer });
      return answer.promise;
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('coalescing loader', () => {
  it('reads the keys asked while a read is in flight together in the next read, each caller answered its own value', async () => {
    const store = handStore();
    const load = coalescingLoader(store.loadMany);
    const first = load('a');
    await settle();
    const rest = ['b', 'c', 'b', 'd'].map(load);
    await settle();
    expect(store.reads.map((read) => read.keys)).toEqual([['a']]);
    store.reads[0]!.answer.resolve(new Map([['a', 1]]));
    expect(await first).toBe(1);
    await settle();
    expect(store.reads.map((read) => read.keys)).toEqual([['a'], ['b', 'c', 'd']]);
    store.reads[1]!.answer.resolve(
      new Map([
        ['b', 2],
        ['c', 3],
      ]),
    );
    expect(await Promise.all(rest)).toEqual([2, 3, 2, undefined]);
  });

  it('fails every caller of a failed read, and reads again for the next callers', async () => {
    const store = handStore();
    const load = coalescingLoader(store.loadMany);
    const first = load('a');
    await settle();
    const second = load('b');
    store.reads[0]!.answer.reject(new Error('database gone'));
    await expect(first).rejects.toThrow('database gone');
    await settle();
    store.reads[1]!.answer.resolve(new Map([['b', 2]]));
    expect(await second).toBe(2);
  });

  it('reads at most so many keys at once', async () => {
    const store = handStore();
    const load = coalescingLoader(store.loadMany, { mostAtOnce: 2 });
    const first = load('a');
    await settle();
    const rest = ['b', 'c', 'd'].map(load);
    store.reads[0]!.answer.resolve(new Map([['a', 1]]));
    await first;
    await settle();
    expect(store.reads[1]!.keys).toEqual(['b', 'c']);
    store.reads[1]!.answer.resolve(new Map([['b', 2]]));
    await settle();
    expect(store.reads[2]!.keys).toEqual(['d']);
    store.reads[2]!.answer.resolve(new Map([['d', 4]]));
    expect(await Promise.all(rest)).toEqual([2, undefined, 4]);
  });

  it('reads the keys asked in one turn of the event loop together, the first one included', async () => {
    const store = handStore();
    const load = coalescingLoader(store.loadMany);
    const asked = ['a', 'b', 'c'].map(load);
    expect(store.reads).toEqual([]);
    await settle();
    expect(store.reads.map((read) => read.keys)).toEqual([['a', 'b', 'c']]);
    store.reads[0]!.answer.resolve(new Map([['c', 3]]));
    expect(await Promise.all(asked)).toEqual([undefined, undefined, 3]);
  });
});
