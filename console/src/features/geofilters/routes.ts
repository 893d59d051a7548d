import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  {
    path: 'geofilters_management',
    layer: 'geofilters_management',
    load: () => import('./components/GeofiltersPage.tsx'),
  },
];
