import type { ScreenRoute } from './screen-route.ts';
import { layerOfPath, specPaths } from './spec-routes.ts';

/** Every feature's page declarations, by the file that makes them (`features/tags/routes.ts`). */
export const declaredScreens: Readonly<Record<string, readonly ScreenRoute[]>> = Object.fromEntries(
  Object.entries(
    import.meta.glob<ScreenRoute[]>('../features/*/routes.ts', { eager: true, import: 'screenRoutes' }),
  ).map(([file, routes]) => [file.replace(/^\.\.\//, ''), routes]),
);

export const featureScreens: readonly ScreenRoute[] = Object.values(declaredScreens).flat();

/** The specification's pages no feature provides yet, with the layer their path names. */
export const screensNotProvided = specPaths
  .filter((path) => !featureScreens.some((screen) => screen.path === path))
  .map((path) => ({ path, layer: layerOfPath(path) }));
