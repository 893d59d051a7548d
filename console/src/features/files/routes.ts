import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  { path: 'files_management', layer: 'files_management', load: () => import('./components/FilesPage.tsx') },
];
