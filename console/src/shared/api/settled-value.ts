import { useEffect, useState } from 'react';

/** How long filters must stay unchanged before a screen asks with them. */
export const settleMs = 400;

/**
 * The value once it has stayed the same for `ms` (compared as JSON); the first one at once. A screen asks the API
 * with it, so that a user changing several filters in a row (a date range's two ends) causes one query, not one per
 * intermediate state: on the embedded profile a query cannot be cancelled once started, and a heavy intermediate one
 * (a start date moved back years before its end is) would hold up the one wanted.
 */
export function useSettled<T>(value: T, ms = settleMs): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the value (a new object each render)
  useEffect(() => {
    if (key === JSON.stringify(settled)) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return key === JSON.stringify(settled) ? value : settled;
}
