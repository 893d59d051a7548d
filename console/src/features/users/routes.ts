import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  { path: 'users_management', layer: 'users_management', load: () => import('./components/UsersPage.tsx') },
];
