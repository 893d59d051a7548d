import type { ScreenRoute } from '../../app/screen-route.ts';

const page = () => import('./components/GraphicGeneratorPage.tsx');

export const screenRoutes: ScreenRoute[] = [
  {
    path: 'basic_graphic_generator',
    layer: 'basic_graphic_generator',
    profileGuard: true,
    load: () => page().then((module) => ({ default: module.BasicGraphicGeneratorPage })),
  },
  {
    path: 'advanced_graphic_generator',
    layer: 'advanced_graphic_generator',
    profileGuard: true,
    load: () => page().then((module) => ({ default: module.AdvancedGraphicGeneratorPage })),
  },
];
