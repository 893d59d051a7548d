import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  { path: 'tags_management', layer: 'tags_management', load: () => import('./TagsPage.tsx') },
];
