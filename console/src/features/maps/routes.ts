import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  { path: 'probes-map', layer: 'probes-map', load: () => import('./components/ProbesMapPage.tsx') },
  { path: 'maps', layer: 'maps', profileGuard: true, load: () => import('./components/MapsPage.tsx') },
];
