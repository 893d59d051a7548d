import { type StoredSession, storedSessionSchema } from '@nq/contracts/identity/session';
import { useSyncExternalStore } from 'react';

// Stored session (docs/product/entities.md#stored-session): kept in localStorage so every tab works under it; a session
// past its expiry is dropped.
const SESSION_KEY = 'nq.session';
const listeners = new Set<() => void>();
let cached: { raw: string | null; session: StoredSession | undefined } = { raw: null, session: undefined };

function read(): StoredSession | undefined {
  const raw = localStorage.getItem(SESSION_KEY);
  if (raw !== cached.raw) {
    let session: StoredSession | undefined;
    try {
      const parsed = storedSessionSchema.safeParse(JSON.parse(raw ?? 'null'));
      session = parsed.success ? parsed.data : undefined;
    } catch {
      session = undefined;
    }
    cached = { raw, session };
  }
  const { session } = cached;
  return session && Date.parse(session.expiresAt) > Date.now() ? session : undefined;
}

const notify = () => {
  for (const listener of listeners) listener();
};

window.addEventListener('storage', (event) => event.key === SESSION_KEY && notify());

export const sessionStore = {
  get: read,
  set(session: StoredSession) {
    localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    notify();
  },
  clear() {
    localStorage.removeItem(SESSION_KEY);
    notify();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useSession = () => useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
