/**
 * One send in flight at a time, and the calls that arrive meanwhile (or in the same turn of the event loop) sent
 * together by the next one, in their order:
 * callers wait about one send however many there are (rather than one send each, one after another), and messages
 * keep the order of the calls. A call whose deadline passed before its turn is not sent (its caller was answered).
 * When a send fails, every call it carried fails.
 */
export function coalescingSender<Message>(
  send: (messages: Message[]) => Promise<void>,
  options: {
    /**
     * How long the first call waits for others before a send starts (default: the end of the event loop's turn). For
     * a send that blocks the event loop while it runs (the embedded database's), nothing arrives during it: the calls
     * of a busy gateway go together only if the first waits a little.
     */
    lingerMs?: number;
  } = {},
) {
  interface Call {
    messages: Message[];
    deadline: AbortSignal;
    done: PromiseWithResolvers<void>;
  }
  let waiting: Call[] = [];
  let flushing = false;

  // The first send waits for the event loop's turn to end: the requests that arrived together each make their call
  // before it starts (a database that answers synchronously, the embedded one, would otherwise send each call alone).
  let scheduled = false;
  function scheduleFlush() {
    if (scheduled || flushing) return;
    scheduled = true;
    const start = () => {
      scheduled = false;
      void flush();
    };
    if (options.lingerMs) setTimeout(start, options.lingerMs);
    else setImmediate(start);
  }

  async function flush() {
    if (flushing) return;
    flushing = true;
    try {
      while (waiting.length > 0) {
        const calls = waiting.filter((call) => !call.deadline.aborted);
        waiting = [];
        if (calls.length === 0) continue;
        try {
          await send(calls.flatMap((call) => call.messages));
          for (const call of calls) call.done.resolve();
        } catch (error) {
          for (const call of calls) call.done.reject(error);
        }
      }
    } finally {
      flushing = false;
    }
  }

  /** Resolves once the send that carried these messages is acknowledged. */
  return (messages: Message[], deadline: AbortSignal): Promise<void> => {
    const call: Call = { messages, deadline, done: Promise.withResolvers<void>() };
    // A caller answered by its deadline no longer listens.
    call.done.promise.catch(() => undefined);
    waiting.push(call);
    scheduleFlush();
    return call.done.promise;
  };
}
