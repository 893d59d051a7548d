import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Fails the start-up when a route of this scope declares no access rule: a route nobody thought about is refused,
 * not served. Checked once every route is known (child scopes may give theirs a default); the OpenAPI plugin writes
 * each rule into its operation as `x-access`.
 */
export function requireAccessRules(scope: FastifyInstance) {
  const routes: RouteOptions[] = [];
  scope.addHook('onRoute', (route) => {
    routes.push(route);
  });
  scope.addHook('onReady', async () => {
    const missing = routes.filter((route) => !route.config?.access).map((route) => `${route.method} ${route.url}`);
    if (missing.length > 0) throw new Error(`routes without an access rule: ${missing.join(', ')}`);
  });
}
