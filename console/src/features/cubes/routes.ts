import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  { path: 'cubes_configuration', layer: 'cubes_configuration', load: () => import('./components/CubesPage.tsx') },
];
