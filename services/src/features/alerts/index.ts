// Alerts: the alert entity, the alerting worker, the routes of the alerts' history (its store is a read model).

export { alertConfiguration } from './alert.entity.ts';
export { alertHistoryRoutes } from './alert-history.routes.ts';
export { alertsManifest } from './manifest.ts';
