/**
 * A sleep that ends early when woken or aborted: the agent's loops wait on these so that a new result, a launch or
 * a stop does not wait for the end of the current pause. A wake while nobody sleeps ends the next sleep at once (the
 * loop was busy when there was news: it looks again).
 */
export function wakeableSleep(signal: AbortSignal) {
  let wake: (() => void) | undefined;
  let woken = false;
  return {
    sleep(ms: number) {
      if (signal.aborted || woken) {
        woken = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          wake = undefined;
          resolve();
        };
        const timer = setTimeout(done, Math.max(0, ms));
        signal.addEventListener('abort', done, { once: true });
        wake = done;
      });
    },
    wake() {
      if (wake) wake();
      else woken = true;
    },
  };
}
