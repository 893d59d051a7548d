import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  { path: 'cdns_management', layer: 'cdns_management', load: () => import('./components/CdnsPage.tsx') },
];
