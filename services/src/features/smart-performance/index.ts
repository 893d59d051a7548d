// Smart performance: the dashboard definition and the routes.

export { smartPerformanceDashboard } from './dashboard-definition.ts';
export { smartPerformanceManifest } from './manifest.ts';
export { smartPerformanceRoutes } from './smart-performance.routes.ts';
