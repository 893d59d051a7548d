import type { EphemeralStore } from './ephemeral-store-port.ts';

interface Entry {
  count: number;
  expiresAt: number;
}

const sweepThreshold = 10_000;

/** For the single-process embedded profile: entries live in a Map, expired ones are dropped lazily. */
export function openMemoryEphemeralStore(): EphemeralStore {
  const entries = new Map<string, Entry>();
  // Sweeping is O(size); raising the bar past the live entries keeps it amortised when most entries are live.
  let sweepAt = sweepThreshold;

  const liveEntry = (key: string, now: number) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt > now) return entry;
    if (entry) entries.delete(key);
    return undefined;
  };
  const start = (key: string, ttlMs: number, now: number) => {
    if (entries.size >= sweepAt) {
      for (const [k, entry] of entries) if (entry.expiresAt <= now) entries.delete(k);
      sweepAt = Math.max(sweepThreshold, entries.size * 2);
    }
    const entry = { count: 1, expiresAt: now + ttlMs };
    entries.set(key, entry);
    return entry;
  };

  return {
    adapter: 'memory',
    claimOnce: async (key, ttlMs) => {
      const now = Date.now();
      if (liveEntry(key, now)) return false;
      start(key, ttlMs, now);
      return true;
    },
    increment: async (key, windowMs) => {
      const now = Date.now();
      const live = liveEntry(key, now);
      if (live) live.count += 1;
      const entry = live ?? start(key, windowMs, now);
      return { count: entry.count, resetInMs: entry.expiresAt - now };
    },
    count: async (key) => liveEntry(key, Date.now())?.count ?? 0,
    reset: async (key) => void entries.delete(key),
    ping: async () => undefined,
    close: async () => entries.clear(),
  };
}
