import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { Shell } from '../features/shell/components/Shell.tsx';
import { whenSessionEnds } from '../shared/api/api-client.ts';
import { profileQuery } from '../shared/api/profile.ts';
import { queryClient } from '../shared/api/query-client.ts';
import { sessionStore } from '../shared/api/session-store.ts';
import { ErrorScreen, LoadingScreen } from '../shared/ui/screens.tsx';
import { onlyWhenTheScreenChanges, requireSession, screenGuard } from './guards.ts';
import { NotAvailableScreen, NotFoundScreen } from './NotAvailableScreen.tsx';
import type { ScreenRoute } from './screen-route.ts';
import { specRoutes } from './spec-routes.ts';

// Each feature declares its pages in features/<feature>/routes.ts; they take the declared path they name.
const featureRoutes = Object.values(
  import.meta.glob<ScreenRoute[]>('../features/*/routes.ts', { eager: true, import: 'screenRoutes' }),
).flat();
const provided = new Map(featureRoutes.map((route) => [route.path, route]));
const unknownPaths = featureRoutes.filter((route) => !specRoutes.some((spec) => spec.path === route.path));
if (unknownPaths.length)
  console.warn(
    'feature routes outside the spec catalogue',
    unknownPaths.map((r) => r.path),
  );

const layerOf = (route: ScreenRoute) => route.layer ?? route.path.split('/')[0] ?? '';

function pageRoute(route: ScreenRoute): RouteObject {
  const feature = provided.get(route.path);
  const screen = { ...route, ...feature, layer: route.layer, profileGuard: route.profileGuard ?? false };
  return {
    path: route.path,
    loader: screenGuard(screen),
    shouldRevalidate: onlyWhenTheScreenChanges,
    ...(screen.load
      ? { lazy: async () => ({ Component: (await screen.load!()).default }) }
      : { element: <NotAvailableScreen layer={layerOf(route)} /> }),
  };
}

/**
 * The login page forwards a signed-in user to their landing page, unless a guard refused them a screen (`denied`):
 * then it stays, says which screen and offers the way back (docs/product/screens.md#access-and-navigation: a refused
 * route goes to /login).
 */
async function loginLoader({ request }: { request: Request }) {
  const session = sessionStore.get();
  if (session && !new URL(request.url).searchParams.has('denied')) throw redirect(`/${session.landing}`);
  return null;
}

export const router = createBrowserRouter([
  {
    path: '/',
    errorElement: <ErrorScreen />,
    HydrateFallback: LoadingScreen,
    children: [
      { index: true, loader: () => redirect('/login') },
      {
        path: 'login',
        loader: loginLoader,
        lazy: async () => ({ Component: (await import('../features/auth/components/LoginPage.tsx')).default }),
      },
      {
        loader: requireSession,
        shouldRevalidate: onlyWhenTheScreenChanges,
        element: <Shell />,
        children: [...specRoutes.map(pageRoute), { path: '*', element: <NotFoundScreen /> }],
      },
    ],
  },
]);

whenSessionEnds(() => {
  queryClient.removeQueries({ queryKey: profileQuery().queryKey });
  if (window.location.pathname !== '/login') void router.navigate('/login', { replace: true });
});
