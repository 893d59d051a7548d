import { reachesLayer } from '@nq/contracts/identity/layers';
import { redirect, type ShouldRevalidateFunction } from 'react-router';
import { profileQuery } from '../shared/api/profile.ts';
import { queryClient } from '../shared/api/query-client.ts';
import { sessionStore } from '../shared/api/session-store.ts';
import type { ScreenRoute } from './screen-route.ts';

/**
 * Where a guard sends a user it turns away: the login page. A refused screen travels as `denied` (its layer id), so
 * that the login page says which screen the profile cannot open.
 */
const toLogin = (deniedLayer?: string) =>
  redirect(deniedLayer ? `/login?denied=${encodeURIComponent(deniedLayer)}` : '/login');

/** A visitor without a session: after signing in they come back to the address they opened (an e-mailed link). */
const toSignIn = (request?: Request) => {
  const asked = request && new URL(request.url);
  const next = asked && asked.pathname !== '/' ? `${asked.pathname}${asked.search}` : undefined;
  return redirect(next ? `/login?next=${encodeURIComponent(next)}` : '/login');
};

/**
 * Any route but login needs a stored session, and the profile it works under
 * (docs/product/screens.md#access-and-navigation).
 */
export async function requireSession({ request }: { request?: Request } = {}) {
  if (!sessionStore.get()) throw toSignIn(request);
  try {
    return await queryClient.ensureQueryData(profileQuery());
  } catch {
    throw toLogin();
  }
}

/**
 * The page's layer (or its parent's) must be among the profile's layers; profile-guarded pages reload the
 * profile first and go to /login if that fails (docs/product/screens.md#access-and-navigation).
 */
export function screenGuard(route: Pick<ScreenRoute, 'layer' | 'profileGuard'>) {
  return async ({ request }: { request?: Request } = {}) => {
    if (!sessionStore.get()) throw toSignIn(request);
    let profile: Awaited<ReturnType<typeof requireSession>>;
    try {
      profile = route.profileGuard
        ? await queryClient.fetchQuery({ ...profileQuery(), staleTime: 0 })
        : await queryClient.ensureQueryData(profileQuery());
    } catch {
      throw toLogin();
    }
    if (route.layer && !reachesLayer(profile.layers, route.layer)) throw toLogin(route.layer);
    return null;
  };
}

/**
 * A screen's guard runs when the screen opens, not each time its filters change the query string (every filter kept
 * in the address would otherwise reload the profile): within one path, loaders do not run again.
 */
export const onlyWhenTheScreenChanges: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
