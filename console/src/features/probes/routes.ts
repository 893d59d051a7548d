import type { ScreenRoute } from '../../app/screen-route.ts';

const layer = 'probes_configuration';

export const screenRoutes: ScreenRoute[] = [
  { path: 'probes_configuration', layer, load: () => import('./components/ProbesPage.tsx') },
  { path: 'probes_configuration/new', layer, load: () => import('./components/ProbeFormPage.tsx') },
  { path: 'probes_configuration/:id', layer, load: () => import('./components/ProbeFormPage.tsx') },
  { path: 'probes_configuration/import', layer, load: () => import('./components/ProbeImportPage.tsx') },
];
