import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  { path: 'test_analysis', layer: 'test_analysis', load: () => import('./components/TestAnalysisPage.tsx') },
];
