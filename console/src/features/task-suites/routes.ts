import type { ScreenRoute } from '../../app/screen-route.ts';

const layer = 'task_suites_configuration';

export const screenRoutes: ScreenRoute[] = [
  { path: 'task_suites_configuration', layer, load: () => import('./components/TaskSuitesPage.tsx') },
  { path: 'task_suites_configuration/:id', layer, load: () => import('./components/TaskSuiteEditorPage.tsx') },
];
