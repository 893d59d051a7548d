import { setTimeout as sleep } from 'node:timers/promises';

export interface PacedLoad {
  seconds: number;
  perSecond: number;
  /** Requests in flight at most: past it the load falls behind its schedule rather than queueing without end. */
  maxInFlight: number;
  /** Sends the `index`-th request of the schedule (its own errors are its to count). */
  send(index: number): Promise<void>;
}

/**
 * An open-loop load: the `index`-th request is due at index / perSecond seconds, whatever the answers' pace, so that a
 * slow platform shows as requests not sent (`behind`) and as latency, not as a slower schedule.
 */
export async function runPaced({ seconds, perSecond, maxInFlight, send }: PacedLoad) {
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  let sent = 0;
  for (let elapsed = 0; elapsed < seconds * 1_000; elapsed = performance.now() - started) {
    const due = Math.min(Math.floor((perSecond * elapsed) / 1_000), Math.floor(perSecond * seconds));
    while (sent < due && inFlight.size < maxInFlight) {
      const request: Promise<void> = send(sent)
        .catch(() => undefined)
        .finally(() => inFlight.delete(request));
      inFlight.add(request);
      sent++;
    }
    await sleep(2);
  }
  const windowSeconds = (performance.now() - started) / 1_000;
  const behind = Math.floor(perSecond * seconds) - sent;
  await Promise.all(inFlight);
  return { sent, behind, windowSeconds, drainSeconds: (performance.now() - started) / 1_000 - windowSeconds };
}
