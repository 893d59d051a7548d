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
import { featureScreens, screensNotProvided } from './screens.ts';

// Each feature declares its pages in features/<feature>/routes.ts; a page of the specification that no feature provides
// yet says so (screens.test.ts holds the declarations to the specification's paths and layers).
function pageRoute(screen: ScreenRoute): RouteObject {
  return {
    path: screen.path,
    loader: screenGuard(screen),
    shouldRevalidate: onlyWhenTheScreenChanges,
    lazy: async () => ({ Component: (await screen.load()).default }),
  };
}

function notAvailableRoute({ path, layer }: (typeof screensNotProvided)[number]): RouteObject {
  return {
    path,
    loader: screenGuard({ layer }),
    shouldRevalidate: onlyWhenTheScreenChanges,
    element: <NotAvailableScreen layer={layer ?? path.split('/')[0] ?? path} />,
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
        children: [
          ...featureScreens.map(pageRoute),
          ...screensNotProvided.map(notAvailableRoute),
          { path: '*', element: <NotFoundScreen /> },
        ],
      },
    ],
  },
]);

whenSessionEnds(() => {
  queryClient.removeQueries({ queryKey: profileQuery().queryKey });
  if (window.location.pathname !== '/login') void router.navigate('/login', { replace: true });
});
