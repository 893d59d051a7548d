import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  { path: 'profiles_management', layer: 'profiles_management', load: () => import('./components/ProfilesPage.tsx') },
];
