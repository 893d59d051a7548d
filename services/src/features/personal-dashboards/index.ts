// Personal dashboards: the personal dashboard configuration.
export { personalDashboardConfiguration } from './personal-dashboard.entity.ts';
