import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  { path: 'tools/probes_status', layer: 'tools/probes_status', load: () => import('./components/ProbeStatusPage.tsx') },
];
