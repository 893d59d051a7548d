// Storyboard: the routes.
export { storyboardRoutes } from './storyboard.routes.ts';
