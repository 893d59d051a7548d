import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  { path: 'change_password', layer: null, load: () => import('./components/ChangePasswordPage.tsx') },
];
