import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  {
    path: 'measurementAnalysis',
    layer: 'measurementAnalysis',
    load: () => import('./components/MeasurementSearchPage.tsx'),
  },
  {
    path: 'measurementAnalysis/detail/:measurementId',
    layer: 'measurementAnalysis',
    load: () => import('./components/MeasurementDetailPage.tsx'),
  },
];
