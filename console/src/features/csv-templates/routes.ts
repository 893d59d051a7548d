import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  { path: 'csv_templates', layer: 'csv_templates', load: () => import('./components/CsvTemplatesPage.tsx') },
];
