import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  {
    path: 'smartPerformance',
    layer: 'smartPerformance',
    load: () => import('./components/SmartPerformancePage.tsx'),
  },
];
