import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  { path: 'measurementLauncher', layer: 'measurementLauncher', load: () => import('./components/LauncherPage.tsx') },
];
