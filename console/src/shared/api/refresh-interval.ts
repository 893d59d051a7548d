import { useSyncExternalStore } from 'react';

/** Refresh intervals (docs/product/limits.md#times): off, 30 s, 1, 5 and 10 min. */
export const refreshIntervals = [0, 30_000, 60_000, 300_000, 600_000] as const;
export type RefreshInterval = (typeof refreshIntervals)[number];

const KEY = 'nq.refreshInterval';
const listeners = new Set<() => void>();
const read = (): RefreshInterval => {
  const stored = Number(localStorage.getItem(KEY));
  return (refreshIntervals as readonly number[]).includes(stored) ? (stored as RefreshInterval) : 0;
};

export function setRefreshInterval(interval: RefreshInterval) {
  localStorage.setItem(KEY, String(interval));
  for (const listener of listeners) listener();
}

/** The chosen interval as TanStack Query's `refetchInterval` (false when off): data screens pass it to their queries. */
export function useRefreshInterval(): number | false {
  const interval = useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, read);
  return interval || false;
}

export const useRefreshIntervalSetting = () =>
  useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, read);
