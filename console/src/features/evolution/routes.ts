import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  { path: 'evolution', layer: 'evolution', profileGuard: true, load: () => import('./components/EvolutionPage.tsx') },
];
