/**
 * Reads by key where one read of many keys costs about what a read of one does (a database round trip, a query of the
 * embedded database): one read in flight at a time, and the keys asked meanwhile (or in the same turn of the event
 * loop) read together by the next one. Each
 * caller gets its own key's value (undefined when the read did not answer it); when a read fails, every caller it
 * carried fails.
 */
export function coalescingLoader<Key, Value>(
  loadMany: (keys: Key[]) => Promise<ReadonlyMap<Key, Value>>,
  options: { mostAtOnce?: number } = {},
) {
  const mostAtOnce = options.mostAtOnce ?? 1_000;
  const waiting = new Map<Key, PromiseWithResolvers<Value | undefined>>();
  let loading = false;

  // The first read waits for the event loop's turn to end: the requests that arrived together each ask their key
  // before it starts (the embedded database answers synchronously: each would otherwise be read alone).
  let scheduled = false;
  function scheduleDrain() {
    if (scheduled || loading) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      void drain();
    });
  }

  async function drain() {
    if (loading) return;
    loading = true;
    try {
      while (waiting.size > 0) {
        const calls = [...waiting].slice(0, mostAtOnce);
        for (const [key] of calls) waiting.delete(key);
        try {
          const values = await loadMany(calls.map(([key]) => key));
          for (const [key, call] of calls) call.resolve(values.get(key));
        } catch (error) {
          for (const [, call] of calls) call.reject(error);
        }
      }
    } finally {
      loading = false;
    }
  }

  return (key: Key): Promise<Value | undefined> => {
    // A key asked twice before its read shares the one read.
    const already = waiting.get(key);
    if (already) return already.promise;
    const call = Promise.withResolvers<Value | undefined>();
    waiting.set(key, call);
    scheduleDrain();
    return call.promise;
  };
}
