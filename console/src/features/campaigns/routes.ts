import type { ScreenRoute } from '../../app/screen-route.ts';

export const screenRoutes: ScreenRoute[] = [
  {
    path: 'campaigns_management',
    layer: 'campaigns_management',
    load: () => import('./components/CampaignsPage.tsx'),
  },
];
