import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  { path: 'mos', layer: 'mos', load: () => import('./components/MosPage.tsx') },
];
