import { queryIrFields } from '@nq/contracts/analytics/query-ir';

// The window is checked by the contract's own rule, so the screen and the API agree on what they accept.
const windowRule = queryIrFields.shape.movingAverage.unwrap();

/** The window's limits, as the catalogue's `validation.outOfRange` message names them. */
export const windowBounds = { min: windowRule.minValue ?? 0, max: windowRule.maxValue ?? 0 };

/** The moving-average field read: empty is off, a valid window is sent, anything else names its catalogue code. */
export function readWindow(text: string): { window?: number; problem?: string } {
  if (text.trim() === '') return {};
  const parsed = windowRule.safeParse(Number(text));
  return parsed.success
    ? { window: parsed.data }
    : { problem: parsed.error.issues[0]?.message ?? 'validation.invalidNumber' };
}
