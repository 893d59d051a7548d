import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  { path: 'settings_history', layer: 'settings_history', load: () => import('./components/SettingsHistoryPage.tsx') },
];
