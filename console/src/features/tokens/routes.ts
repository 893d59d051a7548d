import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  { path: 'tokens', layer: 'tokens', load: () => import('./components/TokensPage.tsx') },
  { path: 'api_credentials', layer: 'api_credentials', load: () => import('./components/ApiCredentialsPage.tsx') },
];
