// Personal dashboards: the personal dashboard configuration.
export { personalDashboardsManifest } from './manifest.ts';
export { personalDashboardConfiguration } from './personal-dashboard.entity.ts';
