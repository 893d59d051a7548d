import { setTimeout as sleep } from 'node:timers/promises';

/** Waits until `at` (a `performance.now()` instant); false when aborted first. */
export async function waitUntil(at: number, signal: AbortSignal): Promise<boolean> {
  const ms = at - performance.now();
  if (signal.aborted) return false;
  if (ms <= 0) return true;
  return sleep(ms, true, { signal }).catch(() => false);
}

/**
 * Calls `step(index)` every `intervalMs` from now, start to start (a late step does not push the next ones back), while
 * `more(index)` holds and the run is not aborted.
 */
export async function paced(
  intervalMs: number,
  signal: AbortSignal,
  more: (index: number) => boolean,
  step: (index: number) => void | Promise<void>,
): Promise<void> {
  const started = performance.now();
  for (let index = 0; more(index) && !signal.aborted; index++) {
    if (!(await waitUntil(started + index * intervalMs, signal))) return;
    await step(index);
  }
}
