import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  {
    path: 'probes_configuration/measurement_imports',
    layer: 'probes_configuration',
    load: () => import('./components/ResultImportsPage.tsx'),
  },
];
