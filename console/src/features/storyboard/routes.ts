import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  {
    path: 'storyboard',
    layer: 'storyboard',
    profileGuard: true,
    load: () => import('./components/StoryboardPage.tsx'),
  },
];
