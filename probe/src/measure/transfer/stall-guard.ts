import { codedError } from '../failure-of-error.ts';

/**
 * Fails a transfer that moves no byte for `ms`: `progress()` on every byte moved (cheap: it only notes the time), a
 * check a few times per `ms` calls `onStall` with an ETIMEDOUT error. `stop()` when the transfer ends.
 */
export function stallGuard(ms: number, onStall: (error: Error) => void) {
  let lastProgress = performance.now();
  const check = setInterval(
    () => {
      if (performance.now() - lastProgress < ms) return;
      clearInterval(check);
      onStall(codedError('ETIMEDOUT', `no byte moved for ${ms} ms`));
    },
    Math.max(10, Math.min(250, ms / 4)),
  );
  return {
    progress: () => {
      lastProgress = performance.now();
    },
    stop: () => clearInterval(check),
  };
}
