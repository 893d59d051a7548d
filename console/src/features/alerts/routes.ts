import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  { path: 'alerts', layer: 'alerts', profileGuard: true, load: () => import('./components/AlertsPage.tsx') },
];
