// Alerts: the alert entity, the alerting worker, the alerts' history (its store and routes).

export { alertConfiguration } from './alert.entity.ts';
export { alertHistoryRoutes } from './alert-history.routes.ts';
export { alertingSchema, openAlertingStore } from './alert-history-store.ts';
export { startAlerting } from './alerting.worker.ts';
export { alertsManifest } from './manifest.ts';
