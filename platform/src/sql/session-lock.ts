/** A named lock held by one session of the database until released, or until that session is lost. */
export interface SessionLock {
  /** Aborted when the lock may no longer be held (its connection failed or ended): stop the work it guards at once. */
  readonly lost: AbortSignal;
  release(): Promise<void>;
}

/**
 * Named locks within one process (the embedded profile runs every process in one, and PGlite has one session, whose
 * advisory locks would each be granted again to the same session).
 */
export function inProcessSessionLocks() {
  const held = new Set<string>();
  return {
    async tryLock(name: string): Promise<SessionLock | undefined> {
      if (held.has(name)) return undefined;
      held.add(name);
      return {
        lost: new AbortController().signal,
        release: async () => void held.delete(name),
      };
    },
  };
}
