import { useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { switchProfile } from './profile.ts';
import { queryClient } from './query-client.ts';
import { sessionStore } from './session-store.ts';

// The query cache is keyed by session and profile, and the API answers every call of the session under its current
// profile. Were the session switched while the page stayed mounted, the page would run its queries again under the
// new profile — through new cache keys at its next render, or its refresh interval — and a page the new profile may
// not open would be refused (403). So the page goes first, then the profile changes.

/** The key of the location being left by a profile change: the shell shows nothing while it is the one rendered. */
let leaving: string | undefined;
const listeners = new Set<() => void>();
const setLeaving = (key: string | undefined) => {
  leaving = key;
  for (const listener of listeners) listener();
};

/** The location a profile change is leaving, if one is under way. */
export const useLocationLeft = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => leaving,
  );

/**
 * Profile switch (docs/product/screens.md#access-and-navigation). The shell's page is taken down at once (its queries
 * stop, those in flight are cancelled), the switch is asked for, the old profile's answers are dropped, and only then
 * are the session (the cache's key) and the page changed — to the new profile's landing page. The shell shows again
 * once the router renders another location than the one left (navigation renders in a transition, after `open`
 * resolves); a refused switch puts the page back as it was.
 */
export async function changeProfile(
  idProfile: string,
  { from, open }: { from: string; open: (path: string) => Promise<void> | void },
) {
  flushSync(() => setLeaving(from));
  try {
    await queryClient.cancelQueries();
    const session = await switchProfile(idProfile);
    queryClient.removeQueries();
    sessionStore.set(session);
    await open(`/${session.landing}`);
  } catch (error) {
    setLeaving(undefined);
    throw error;
  }
}
