import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  {
    path: 'csv_extractor',
    layer: 'csv_extractor',
    profileGuard: true,
    load: () => import('./components/CsvExtractorPage.tsx'),
  },
];
