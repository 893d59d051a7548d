import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  { path: 'my_profile', layer: null, load: () => import('./components/MyProfilePage.tsx') },
];
