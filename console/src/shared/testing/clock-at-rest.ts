import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * The clock faked for a test that times what a screen shows after a delay: timers and `Date` move only when the test
 * says; `setImmediate` stays real, for the request signing's crypto and the answers' parsing to run.
 */
export function fakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
}

/** Until `check` passes, without the clock moving: the work off the clock (signing, parsing) done turn by turn. */
export async function untilAtRest(check: () => unknown) {
  for (let turns = 0; !check(); turns++) {
    if (turns > 10_000) throw new Error(`never: ${check}`);
    await act(async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

/** Time passing on the faked clock, a tenth of a second at a time: the console renders between steps as it would. */
export async function timePasses(ms: number) {
  for (let left = ms; left > 0; left -= 100) await act(() => vi.advanceTimersByTimeAsync(Math.min(100, left)));
}
