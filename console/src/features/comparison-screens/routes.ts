import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  { path: 'benchmark', layer: 'benchmark', profileGuard: true, load: () => import('./components/BenchmarkPage.tsx') },
  {
    path: 'bydestination',
    layer: 'bydestination',
    profileGuard: true,
    load: () => import('./components/ByDestinationPage.tsx'),
  },
];
