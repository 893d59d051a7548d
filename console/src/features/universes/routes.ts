import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  {
    path: 'universes_configuration',
    layer: 'universes_configuration',
    load: () => import('./components/UniversesPage.tsx'),
  },
];
