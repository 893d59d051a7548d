import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  {
    path: 'tools/providers-management',
    layer: 'tools/providers-management',
    load: () => import('./components/ProvidersPage.tsx'),
  },
];
