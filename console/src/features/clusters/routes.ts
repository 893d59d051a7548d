import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  {
    path: 'clusters_management',
    layer: 'clusters_management',
    load: () => import('./components/ClustersPage.tsx'),
  },
];
