/**
 * One send in flight at a time, and the calls that arrive meanwhile sent together by the next one, in their order:
 * callers wait about one send however many there are (rather than one send each, one after another), and messages
 * keep the order of the calls. A call whose deadline passed before its turn is not sent (its caller was answered).
 * When a send fails, every call it carried fails.
 */
export function coalescingSender<Message>(send: (messages: Message[]) => Promise<void>) {
  interface Call {
    messages: Message[];
    deadline: AbortSignal;
    done: PromiseWithResolvers<void>;
  }
  let waiting: Call[] = [];
  let flushing = false;

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
    void flush();
    return call.done.promise;
  };
}
