// Storyboard: the routes.
export { storyboardManifest } from './manifest.ts';
export { storyboardRoutes } from './storyboard.routes.ts';
