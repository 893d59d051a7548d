import type { Language } from '@nq/contracts/errors/index';
import { type Profile, profileFieldsSchema } from '@nq/contracts/identity/profile';
import type { StoredSession } from '@nq/contracts/identity/session';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, type InitialEntry, type RouteObject, RouterProvider } from 'react-router';
import type { z } from 'zod';
import { profileQuery } from '../api/profile.ts';
import { createQueryClient } from '../api/query-client.ts';
import { sessionStore } from '../api/session-store.ts';
import { setLanguage } from '../i18n/i18n.ts';
import { ToastViewport } from '../ui/ToastViewport.tsx';
import type { FakeApi } from './fake-api.ts';

export interface RenderScreenOptions {
  /** The interface language (English by default). */
  language?: Language;
  /** The route the screen is drawn at (`/tags_management`, `/probes_configuration/:id`). */
  path?: string;
  /**
   * Where the router starts (the path itself by default): `/geofilters_management?id=&isCreate=true`, or a location
   * with the state a navigation carried.
   */
  at?: InitialEntry;
  /** Other pages the screen may lead to, to check where it went. */
  routes?: RouteObject[];
  /** The screen route's loader (every navigation to it waits for it, as for the console's guards). */
  loader?: RouteObject['loader'];
}

/** A profile of the contract with its defaults (a user's unless `rol` says otherwise). */
export const testProfile = (fields: Partial<z.input<typeof profileFieldsSchema>> = {}): Profile => ({
  id: 'profile-1',
  ...profileFieldsSchema.parse({ name: 'Operations', ...fields }),
});

const sessionFor = (profile: Profile): StoredSession => ({
  data: {
    appId: 'console',
    key: 'session-1',
    email: 'ana@example.com',
    id_user: 'user-1',
    name: 'Ana',
    clientId: 'client-1',
    clientSecret: 'secret-1',
  },
  profile: { id: profile.id, name: profile.name },
  technologies: [],
  preferedLanguage: 'en',
  landing: 'tags_management',
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
});

/** Signed in as after a login, working under `profile` (an administrator's by default), which GET /profile answers. */
export function signIn(api: FakeApi, profile: Profile = testProfile({ rol: 'admin' })) {
  sessionStore.set(sessionFor(profile));
  api.get('/profile', profile);
  return profile;
}

/**
 * Draws a screen as the app does (main.tsx, App.tsx): i18n in the chosen language, the console's query client (its
 * failure toasts included; no retries, so a refusal shows at once), a router (in memory) and the toasts.
 */
export async function renderScreen(screen: ReactNode, options: RenderScreenOptions = {}) {
  const { language = 'en', path = '/', routes = [] } = options;
  await setLanguage(language);
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  // As the console's router does before any page (requireSession): a signed-in page renders with the profile known
  // (its time zone, language, layers), never before it. A test whose fake API has no profile renders without one.
  if (sessionStore.get()) await queryClient.ensureQueryData(profileQuery()).catch(() => undefined);
  const router = createMemoryRouter(
    [{ path, element: screen, ...(options.loader ? { loader: options.loader } : {}) }, ...routes],
    {
      initialEntries: [options.at ?? path],
    },
  );
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastViewport />
    </QueryClientProvider>,
  );
  return { ...view, user, router };
}
