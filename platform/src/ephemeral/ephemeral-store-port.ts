/**
 * The EphemeralStore port: short-lived keys shared by every process of a deployment, for replay protection
 * (nonces) and rate counters. Adapters: Redis (distributed profile) and process memory (embedded profile).
 */
export interface WindowCount {
  /** Increments in the current window, this one included. */
  count: number;
  /** Until the window ends and the count starts again from zero. */
  resetInMs: number;
}

export interface EphemeralStore {
  readonly adapter: 'redis' | 'memory';
  /** True only for the first claim of `key` while it lives (`ttlMs`): a nonce cache against replayed requests. */
  claimOnce(key: string, ttlMs: number): Promise<boolean>;
  /** A fixed-window counter: the first increment of `key` starts a window of `windowMs`. */
  increment(key: string, windowMs: number): Promise<WindowCount>;
  /** The count of `key`'s current window without incrementing it: 0 when no window is open. */
  count(key: string): Promise<number>;
  /** Forgets `key`, claim or counter. */
  reset(key: string): Promise<void>;
  /** Health probe used by /ready. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
