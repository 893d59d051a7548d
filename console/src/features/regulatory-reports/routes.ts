import type { ScreenRoute } from '../../app/screen-route.ts';

const regulatory = { layer: 'regulatory_format', profileGuard: true } as const;

export const screenRoutes: ScreenRoute[] = [
  { path: 'regulatory_format', ...regulatory, load: () => import('./components/RegulatoryReportsPage.tsx') },
  { path: 'regulatory_format/:id', ...regulatory, load: () => import('./components/RegulatoryReportPage.tsx') },
];
