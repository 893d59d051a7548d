import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  {
    path: 'scoreManagement',
    layer: 'scoreManagement',
    profileGuard: true,
    load: () => import('./components/ScoreManagementPage.tsx'),
  },
];
