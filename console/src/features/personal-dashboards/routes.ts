import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  {
    path: 'dashboards_personal',
    layer: 'dashboards_personal',
    load: () => import('./components/PersonalDashboardsPage.tsx'),
  },
];
